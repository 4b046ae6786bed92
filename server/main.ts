// The web server. `npm start` and the container run its bundle, .next/standalone/server.js (scripts/build-server.mjs
// writes it there after `next build`, in place of the one Next.js generates); `npm run dev` runs it with --dev.
//
// It owns the HTTP server: every request goes through lib/server/pipeline.ts — peer address, request id and metrics,
// per-client admission, answers kept in memory — and then to Next.js's request handler. Next.js starts inside it
// (app.prepare(): instrumentation.ts validates the configuration, migrates and seeds the database, starts the page
// caches and the background work); the server listens at once, holds requests until Next.js is prepared, and
// /api/ready answers 200 only after the warm-up (lib/server/warm-up.ts) has been through the main routes, so a
// rolling deploy never sends a reader to a cold process. docs/server.md.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import next from "next";
import { createRequestHandler } from "@/lib/server/pipeline";
import { ownOrigin, startCold, warmUp } from "@/lib/server/warm-up";

startCold();
const dev = process.argv.includes("--dev");
const dir = dev ? process.cwd() : import.meta.dirname;
const port = Number(process.env.PORT) || 3000;
const hostname = process.env.HOSTNAME || "0.0.0.0";

if (!dev) {
  Object.assign(process.env, { NODE_ENV: "production" });
  process.chdir(dir);
  // The configuration `next build` resolved (next.config.ts is not read again in production).
  const { config } = JSON.parse(readFileSync(join(dir, ".next", "required-server-files.json"), "utf8"));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}

const app = next({ dev, dir, hostname, port });
let prepared: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<unknown>> | null = app.prepare().then(
  () => app.getRequestHandler(),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
let nextHandler: ((req: IncomingMessage, res: ServerResponse) => Promise<unknown>) | null = null;

const server = createServer(
  createRequestHandler({
    // Requests that arrive while Next.js is being prepared wait for it.
    next: async (req, res) => (nextHandler ??= await prepared!)(req, res),
  }),
);
const keepAlive = Number(process.env.KEEP_ALIVE_TIMEOUT);
if (Number.isFinite(keepAlive) && keepAlive > 0) server.keepAliveTimeout = keepAlive;
if (dev) server.on("upgrade", (req, socket, head) => void app.getUpgradeHandler()(req, socket, head)); // hot reload
server.on("error", (err) => {
  console.error(`拾阅：无法监听端口 ${port}：${err.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  const origin = `http://${hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname}:${port}`;
  process.env.__NEXT_PRIVATE_ORIGIN = origin;
  console.log(`拾阅：已在 ${origin} 监听，正在准备…`);
});

nextHandler = await prepared;
prepared = null;
await warmUp(ownOrigin(port));
console.log("拾阅：已就绪");
