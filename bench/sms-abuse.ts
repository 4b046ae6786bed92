// Acceptance 2 of issue 28: how many verification codes an attacker gets out of a running server, over real
// HTTP, trying 1,000 numbers (a) from one address, (b) from one socket with 1,000 spoofed X-Forwarded-For
// values, (c) across 100 addresses (the client socket bound to 127.0.0.2 … 127.0.0.101: the server sees 100
// different peers; Linux routes all of 127/8 to loopback). A code went out when the answer is 200.
// The numbers sit in 10 blocks of 7 digits (pumping targets a few premium ranges); each case uses its own.
// With --solve the attacker also solves every human check (altcha-lib in Node), the worst case.
//
//   npm run bench:sms-abuse -- --url http://127.0.0.1:3000 [--solve]
//
// Point it at a server started for it (a fresh data directory, SMS_PROVIDER=console): it spends the budget.
import { request, Agent } from "node:http";
import { parseArgs } from "node:util";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

const { values } = parseArgs({ options: { url: { type: "string" }, solve: { type: "boolean", default: false }, numbers: { type: "string", default: "1000" } } });
const base = new URL(values.url ?? process.env.SMS_ABUSE_URL ?? "http://127.0.0.1:3000");
const N = Number(values.numbers);
const agents = new Map<string, Agent>();

type Answer = { status: number; body: { human_check?: string; data?: unknown } | null };

function post(path: string, body: unknown, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  return call("POST", path, from, { "content-type": "application/json", ...headers }, JSON.stringify(body));
}

function call(method: string, path: string, from: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new Agent({ keepAlive: true, localAddress: from })));
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        let parsed = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function proof(from: string): Promise<string> {
  const { body } = await call("GET", "/api/v1/human-check", from, {});
  const challenge = body!.data as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The numbers of case `c`: N numbers in 10 blocks of its own (prefixes 1990c0b…). */
const numbers = (c: number) => Array.from({ length: N }, (_, i) => `1990${c}0${i % 10}${String(Math.floor(i / 10)).padStart(4, "0")}`);

async function run(name: string, c: number, from: (i: number) => string, extra: (i: number) => Record<string, string> = () => ({})) {
  const statuses = new Map<number, number>();
  let sent = 0;
  const phones = numbers(c);
  let next = 0;
  const started = performance.now();
  // 8 requests in flight, like a small script would.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < phones.length) {
        const i = next++;
        let answer = await post("/api/v1/sms/send", { phone: phones[i] }, from(i), extra(i));
        if (values.solve && answer.status === 428 && answer.body?.human_check === "required") {
          answer = await post("/api/v1/sms/send", { phone: phones[i] }, from(i), { ...extra(i), "x-human-check": await proof(from(i)) });
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) sent++;
      }
    }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${name}: ${sent} codes sent of ${N} tried (${[...statuses].sort().map(([s, n]) => `${s}×${n}`).join(", ")}; ${seconds} s)`);
  return sent;
}

console.log(`SMS abuse against ${base.origin}${values.solve ? ", solving every human check" : ", not solving human checks"}`);
const a = await run("(a) one address (127.0.0.1)", 1, () => "127.0.0.1");
const b = await run("(b) one socket (127.0.0.102), 1,000 spoofed X-Forwarded-For", 2, () => "127.0.0.102", (i) => ({ "x-forwarded-for": `${(i * 7) % 223 + 1}.${i % 251}.${(i >> 3) % 256}.${(i % 200) + 1}` }));
const c = await run("(c) 100 addresses (127.0.0.2 … 127.0.0.101)", 3, (i) => `127.0.0.${2 + (i % 100)}`);
console.log(JSON.stringify({ oneAddress: a, spoofedForwardedFor: b, hundredAddresses: c }));
for (const agent of agents.values()) agent.destroy();
