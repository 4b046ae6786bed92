// Next.js's start-up hook, run once inside Next.js when server/main.ts prepares it (not during `next build`):
// validate the configuration, migrate and seed the database, start the page caches and the background work
// (lib/server/start.ts). The HTTP server itself, and what each request goes through before Next.js, are
// server/main.ts and lib/server/pipeline.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/server/start");
  await startServer();
}

/** Errors in pages, server actions and route handlers: one log line with the stack and request id. */
export const onRequestError: import("next").Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/server/request-errors");
  logRequestError(...args);
};
