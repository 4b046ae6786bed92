// Runs once when a server instance starts, before it serves requests: stamp each request with its socket's
// address (lib/server/peer-address.ts), answer visitors' kept pages first (lib/server/kept-pages.ts), validate the configuration, migrate and seed the database. Not
// during `next build`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { stampPeerAddresses } = await import("./lib/server/peer-address");
  stampPeerAddresses();
  // Visitors' kept pages (the home page, permalinks) are answered before Next.js once the caches start.
  const { answerKeptPages } = await import("./lib/server/kept-pages");
  answerKeptPages();
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
