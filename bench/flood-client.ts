// The search flood's clients, in a process of their own (so answering them does not slow the event loop
// that times the pages): `node --import tsx bench/flood-client.ts <base> <clients> <paths as JSON>`. Prints
// "ready"; then for each line "<seconds>" read on stdin, floods for that long and prints one JSON line with
// the phase's response times, errors and length. Ends when stdin closes.
import { createInterface } from "node:readline";
import { runLoad } from "./load";

export type FloodPhase = { latencies: number[]; errors: number; seconds: number };

const [base, clients, paths] = process.argv.slice(2);
const list = JSON.parse(paths) as string[];
let i = 0;
console.log("ready");
for await (const line of createInterface({ input: process.stdin })) {
  const seconds = Number(line);
  if (!(seconds > 0)) continue;
  const latencies: number[] = [];
  const started = performance.now();
  const result = await runLoad(base, { name: "search flood", path: () => list[i++ % list.length] }, { connections: Number(clients), seconds, warmupSeconds: 0, samples: latencies });
  console.log(JSON.stringify({ latencies, errors: result.errors, seconds: (performance.now() - started) / 1000 } satisfies FloodPhase));
}
