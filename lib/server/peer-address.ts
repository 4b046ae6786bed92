// Stamps each request with the address of the socket it came on, in a header no client can set: Next.js
// only fills X-Forwarded-For from the socket when the client sent none (base-server.js), so a client's own
// header would otherwise hide its address from every route. Installed first thing at start-up
// (instrumentation.ts), on the prototype, so it holds for every server in the process: `npm start` and the
// container's standalone server.js, `next dev`. Every 'request' event passes here before Next's listener
// runs; a client's copy of the header is replaced (or removed when the socket has no address).
import { Server } from "node:http";
import { PEER_HEADER } from "@/lib/api/client-ip";

const STAMPED = Symbol.for("shiyue.peer-address");

export function stampPeerAddresses(): void {
  const proto = Server.prototype as Server & { [STAMPED]?: true };
  if (proto[STAMPED]) return;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request" || event === "checkContinue" || event === "checkExpectation") {
      const req = args[0] as import("node:http").IncomingMessage;
      const peer = req.socket?.remoteAddress;
      if (peer) req.headers[PEER_HEADER] = peer;
      else delete req.headers[PEER_HEADER];
    }
    return (emit as (event: string | symbol, ...args: unknown[]) => boolean).call(this, event, ...args);
  } as typeof emit;
  proto[STAMPED] = true;
}
