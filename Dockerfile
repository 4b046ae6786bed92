# syntax=docker/dockerfile:1
# 拾阅 — one container: the Next.js standalone server. Migrations run at start (under an advisory lock,
# so many containers may start at once); the demo articles are seeded into an empty database.
# Build: docker build -t shiyue .
# Run:   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e AUTH_SECRET=… -e SITE_URL=https://… shiyue
# Tools: docker exec <container> npm run admin -- grant <account> · npm run feeds -- list (bundled in cli/)
# Whole stack (PostgreSQL, web replicas, `npm run worker`, nginx): compose.yaml, docker compose up -d --build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build && npx tsx scripts/build-pwa.ts && node scripts/build-server.mjs .next/standalone && node scripts/build-cli.mjs .next/standalone

FROM node:24-bookworm-slim AS runner
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NEXT_MANUAL_SIG_HANDLE=true \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    REQUIRE_DATABASE_URL=true
# Media summaries decode files any registered user chooses: with Debian's maintained ffmpeg (security updates
# come with the distribution), found on PATH ahead of the 2018 build @ffmpeg-installer ships; the start-up log
# says which one runs (lib/summary/media/ffmpeg.ts).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/content/demo ./content/demo
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# server.js is our server (server/main.ts, bundled by scripts/build-server.mjs), which starts Next.js inside it.
CMD ["node", "server.js"]
