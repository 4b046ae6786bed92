// Step 1 of a request (lib/server/pipeline.ts): stamp it with the address of the socket it came on, in a header
// no client can set. Next.js only fills X-Forwarded-For from the socket when the client sent none, so a client's
// own header would otherwise hide its address from every route; lib/api/client-ip.ts reads the stamp. A client's
// copy of the header is replaced (or removed when the socket has no address).
import type { IncomingMessage } from "node:http";
import { PEER_HEADER } from "@/lib/api/client-ip";

export function stampPeerAddress(req: IncomingMessage): void {
  const peer = req.socket?.remoteAddress;
  if (peer) req.headers[PEER_HEADER] = peer;
  else delete req.headers[PEER_HEADER];
}
