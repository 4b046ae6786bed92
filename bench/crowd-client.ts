// The mixed crowd's clients, in a process of their own, all one client address for the app (X-Forwarded-For, the app
// trusting one proxy hop: clients on loopback itself are never counted): `node --import tsx bench/crowd-client.ts
// <base> <clients> <client address> <paths as JSON>`. Prints "ready"; then for each line "<seconds>" on stdin, its clients
// each send the next path as soon as they have the last answer, for that long, and it prints one JSON line: the
// answers' times and the count of each status. Ends when stdin closes.
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";

export type CrowdPhase = { latencies: number[]; statuses: Record<string, number>; seconds: number };

const [base, clients, address, paths] = process.argv.slice(2);
const list = JSON.parse(paths) as string[];
const agent = new Agent({ keepAlive: true, maxSockets: Number(clients) });
let i = 0;

/** The status, or the error's code when there was no answer ("ECONNRESET", "timeout"). */
function get(path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent, headers: { "x-forwarded-for": address, ...(path.startsWith("/api/") ? {} : { accept: "text/html" }) }, timeout: 30_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

console.log("ready");
for await (const line of createInterface({ input: process.stdin })) {
  const seconds = Number(line);
  if (!(seconds > 0)) continue;
  const phase: CrowdPhase = { latencies: [], statuses: {}, seconds: 0 };
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: Number(clients) }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const status = await get(list[i++ % list.length]);
        phase.latencies.push(performance.now() - sent);
        phase.statuses[status] = (phase.statuses[status] ?? 0) + 1;
      }
    }),
  );
  phase.seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify(phase));
}
