// A loopback TCP proxy in front of a server (PostgreSQL in the fault tests) that a test can take down and
// bring back: down() cuts every open connection and resets new ones, as a restarting server would.
import net from "node:net";
import type { AddressInfo } from "node:net";

export type TcpProxy = { port: number; down: () => void; up: () => void; close: () => Promise<void> };

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let isDown = false;
  const server = net.createServer((client) => {
    if (isDown) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => open.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    down: () => {
      isDown = true;
      for (const s of open) s.destroy();
    },
    up: () => void (isDown = false),
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
