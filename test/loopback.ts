// A loopback HTTP server for one test file (a provider's stand-in): listening on 127.0.0.1 on a free port, its
// address with a trailing slash, and a close that drops kept-alive connections first.
import { once } from "node:events";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

export type Loopback = { url: string; close: () => Promise<void> };

export async function listenLoopback(handler: RequestListener): Promise<Loopback> {
  const server = createServer(handler);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
