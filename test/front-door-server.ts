// A real HTTP server behind the front door (lib/server/front-door.ts) with a stand-in for Next.js: whatever
// reaches it answers 299 naming the path, so a test tells what the front door answered from what it let through.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { answerMetrics } from "@/lib/metrics/serve";
import { installFrontDoor } from "@/lib/server/front-door";
import { answerKeptPage } from "@/lib/server/kept-pages";
import { answerKeptSearch } from "@/lib/server/kept-searches";

export type StandIn = { base: string; /** Paths the stand-in answered, in order (the test empties it). */ handled: string[]; close: () => Promise<void> };

export async function startBehindFrontDoor(): Promise<StandIn> {
  installFrontDoor([answerMetrics, answerKeptPage, answerKeptSearch]); // the server's list: installed once per process
  const handled: string[] = [];
  const server = createServer((req, res) => {
    handled.push(req.url!);
    res.writeHead(299, { "content-type": "text/plain" }).end(`handler ${req.url}`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handled,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
