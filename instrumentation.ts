// Runs once when a server instance starts, before it serves requests: stamp each request with its socket's
// address (lib/server/peer-address.ts), answer /metrics to its token (lib/metrics/serve.ts) and visitors' kept pages and kept search pages first (lib/server/front-door.ts), validate the configuration, migrate and seed the database. Not
// during `next build`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { stampPeerAddresses } = await import("./lib/server/peer-address");
  stampPeerAddresses();
  // Visitors' kept pages (the home page, permalinks) and kept search pages are answered before Next.js once
  // their caches start.
  const [{ installFrontDoor }, { answerMetrics }, { answerKeptPage }, { answerKeptSearch }] = await Promise.all([
    import("./lib/server/front-door"),
    import("./lib/metrics/serve"),
    import("./lib/server/kept-pages"),
    import("./lib/server/kept-searches"),
  ]);
  installFrontDoor([answerMetrics, answerKeptPage, answerKeptSearch]);
  const { startServer } = await import("./lib/server/start");
  await startServer();
}

/** Errors in pages, server actions and route handlers: one log line with the stack and request id. */
export const onRequestError: import("next").Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/server/request-errors");
  logRequestError(...args);
};
