// Runs once when a server instance starts, before it serves requests: stamp each request with its socket's
// address (lib/server/peer-address.ts), validate the configuration, migrate and seed the database. Not
// during `next build`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { stampPeerAddresses } = await import("./lib/server/peer-address");
  stampPeerAddresses();
  const { startServer } = await import("./lib/server/start");
  await startServer();
}
