// A real HTTP server running the server's request pipeline (lib/server/pipeline.ts) with a stand-in for Next.js:
// whatever reaches it answers 299 naming the path, so a test tells what the steps before Next.js answered from
// what they let through.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Admission } from "@/lib/server/admission";
import { createRequestHandler, type NextHandler } from "@/lib/server/pipeline";

export type StandIn = { base: string; /** Paths the stand-in answered, in order (the test empties it). */ handled: string[]; close: () => Promise<void> };

/** `admission`: the door's budgets (default: the server's); `next`: a stand-in of one's own (default: 299 at once). */
export async function startBehindFrontDoor(opts: { admission?: Admission; next?: NextHandler } = {}): Promise<StandIn> {
  const handled: string[] = [];
  const standIn = async (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    handled.push(req.url!);
    res.writeHead(299, { "content-type": "text/plain" }).end(`handler ${req.url}`);
  };
  const next: NextHandler = opts.next ? (req, res) => (handled.push(req.url!), opts.next!(req, res)) : standIn;
  const server = createServer(createRequestHandler({ next, admission: opts.admission }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handled,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
