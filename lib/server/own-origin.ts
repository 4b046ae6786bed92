/** Where this server can reach itself: its listening address, or loopback when it listens on all of them. */
export function ownOrigin(port: number): string {
  const host = process.env.HOSTNAME;
  if (!host || host === "0.0.0.0" || host === "::" || host === "localhost") return `http://127.0.0.1:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
