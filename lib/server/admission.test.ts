// Per-client admission through the server's real request pipeline (lib/server/pipeline.ts) over HTTP, with a
// stand-in for Next.js and a clock of the test's own: a crowd from one address is turned away with cheap 429s while
// another address, and the same address's page navigations, still get through. The test is the clients' proxy
// (TRUSTED_PROXIES=1): each client is the address its X-Forwarded-For names.
import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { ADMISSION, createAdmission, createProcessorSharing, MAX_CHARGE_MS, MAX_WAITING, requestKind } from "@/lib/server/admission";
import { startBehindFrontDoor, type StandIn } from "@/test/front-door-server";

type Answer = { status: number; retryAfter: string | null; type: string; body: string };

/** GET `path` for the client at `from`, through the proxy this test plays. */
function get(base: string, path: string, from = "198.51.100.1", headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { ...headers, "x-forwarded-for": from } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, retryAfter: (res.headers["retry-after"] as string) ?? null, type: res.headers["content-type"] ?? "", body }));
    });
    req.on("error", reject).end();
  });
}

let clock = 0;
let standIn: StandIn | undefined;
/** Requests the stand-in holds until the test lets them go. */
let held: (() => void)[] = [];
/** Whether the stand-in holds requests now. */
let holding = false;
/** Server time each request "takes" on the test's clock. */
let cost = 0;

const savedProxies = process.env.TRUSTED_PROXIES;
beforeEach(() => {
  process.env.TRUSTED_PROXIES = "1";
  resetConfig();
  clock = 0;
  held = [];
  holding = false;
  cost = 0;
});
afterEach(async () => {
  held.forEach((go) => go());
  await standIn?.close();
  standIn = undefined;
  if (savedProxies === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = savedProxies;
  resetConfig();
});

/** How long a request waits in its client's line here before its 429 (the server waits 2 s). */
const WAIT_MS = 1_000;

async function door(opts: { hold?: boolean; waitMs?: number } = {}) {
  holding = opts.hold ?? false;
  const admission = createAdmission({ now: () => clock, scale: () => 1, maxWaitMs: opts.waitMs ?? WAIT_MS });
  standIn = await startBehindFrontDoor({
    admission,
    next: async (req, res) => {
      if (holding) await new Promise<void>((go) => held.push(go));
      clock += cost;
      res.writeHead(299, { "content-type": "text/plain" }).end(req.url);
    },
  });
  return { base: standIn.base, admission };
}

describe("per-client admission", () => {
  it("sorts requests: pages, API calls, and what is never counted", () => {
    const kind = (url: string) => requestKind({ url } as never);
    expect(kind("/")).toBe("page");
    expect(kind("/articles/12?x=1")).toBe("page");
    expect(kind("/api/v1/articles/search?keyword=a")).toBe("api");
    for (const free of ["/_next/static/chunks/a.js", "/icons/192.png", "/sw.js", "/manifest.webmanifest", "/api/health", "/api/ready", "/metrics", "/offline", "/favicon.ico"]) {
      expect(kind(free)).toBeNull();
    }
  });

  it("keeps one address's requests in flight within its budget: the next waits its turn, another address goes on", async () => {
    const { base } = await door({ hold: true });
    const cap = ADMISSION.api.inFlight;
    const crowd = Array.from({ length: cap }, () => get(base, "/api/v1/articles/search?keyword=x&page=2"));
    await expect.poll(() => held.length).toBe(cap);
    // One more from the same address waits in its line; when a slot frees, it goes on.
    const waiting = get(base, "/api/v1/articles/search?keyword=x&page=3");
    // Another address, and this address's page navigations, have budgets of their own.
    const other = get(base, "/api/v1/articles/search?keyword=x", "198.51.100.2");
    const page = get(base, "/articles/1", "198.51.100.1", { accept: "text/html" });
    await expect.poll(() => held.length).toBe(cap + 2);
    held.shift()!();
    await expect.poll(() => standIn!.handled.filter((u) => u.endsWith("page=3")).length).toBe(1);
    holding = false;
    held.splice(0).forEach((go) => go());
    expect((await Promise.all([...crowd, waiting, other, page])).map((a) => a.status)).toEqual(Array(cap + 3).fill(299));
  });

  it("answers 429 with Retry-After to a request that waited too long, and at once past a full line", async () => {
    const { base, admission } = await door({ hold: true });
    const cap = ADMISSION.api.inFlight;
    const crowd = Array.from({ length: cap }, () => get(base, "/api/v1/articles"));
    await expect.poll(() => held.length).toBe(cap);
    const refused = await get(base, "/api/v1/articles?page=2"); // waits WAIT_MS for a slot, none frees
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("1");
    expect(refused.type).toContain("application/json");
    expect(JSON.parse(refused.body)).toEqual({ detail: "操作太频繁，请稍后再试" });
    // A full line: the next is refused without waiting (the line's requests are still waiting when it answers).
    let answeredInLine = 0;
    const line = Array.from({ length: MAX_WAITING }, () => get(base, "/api/v1/articles?page=3").finally(() => answeredInLine++));
    await expect.poll(() => admission.waiting).toBe(MAX_WAITING);
    const past = await get(base, "/api/v1/articles?page=4");
    expect(past.status).toBe(429);
    expect(answeredInLine).toBe(0);
    expect((await Promise.all(line)).every((a) => a.status === 429)).toBe(true);
    holding = false;
    held.splice(0).forEach((go) => go());
    expect((await Promise.all(crowd)).every((a) => a.status === 299)).toBe(true);
    // Once they ended, the address is let in again.
    expect((await get(base, "/api/v1/articles")).status).toBe(299);
  });

  it("charges each request its server time: an address that used its burst waits, Retry-After says how long", async () => {
    const { base } = await door({ waitMs: 50 }); // the test's clock stands still while a request waits
    cost = MAX_CHARGE_MS * 0.8;
    const api = ADMISSION.api;
    let answered = 0;
    while (answered < 50 && (await get(base, "/api/v1/articles/search?keyword=x&page=2")).status === 299) answered++;
    // Admitted while the bucket was not empty; it refills a little while each request runs.
    const plain = Math.ceil(api.burstMs / cost);
    expect(answered).toBeGreaterThanOrEqual(plain);
    expect(answered).toBeLessThanOrEqual(plain + 1);
    const refused = await get(base, "/api/v1/articles/search?keyword=x&page=2");
    expect(refused.status).toBe(429);
    const wait = Number(refused.retryAfter);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(Math.ceil(cost / api.msPerSecond));
    // The page budget is untouched: the reader's navigation gets through, a plain HTML 429 is for later.
    expect((await get(base, "/", "198.51.100.1", { accept: "text/html" })).status).toBe(299);
    // Another address is unaffected.
    expect((await get(base, "/api/v1/articles/search?keyword=x&page=2", "198.51.100.3")).status).toBe(299);
    // After the wait, the bucket has refilled enough for the next.
    clock += wait * 1000 + 1;
    expect((await get(base, "/api/v1/articles/search?keyword=x&page=2")).status).toBe(299);
  });

  it("answers a page navigation past its budget with a short Chinese page, not the site", async () => {
    const { base } = await door({ waitMs: 50 });
    cost = MAX_CHARGE_MS * 2; // charged MAX_CHARGE_MS, while the bucket refills for 2 s of it
    const net = MAX_CHARGE_MS - (cost * ADMISSION.page.msPerSecond) / 1000;
    let pages = 0;
    while (pages < 50 && (await get(base, "/", "198.51.100.4", { accept: "text/html" })).status === 299) pages++;
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(ADMISSION.page.burstMs / MAX_CHARGE_MS));
    expect(pages).toBeLessThanOrEqual(Math.ceil(ADMISSION.page.burstMs / net) + 1);
    const refused = await get(base, "/", "198.51.100.4", { accept: "text/html" });
    expect(refused.status).toBe(429);
    expect(refused.type).toContain("text/html");
    expect(refused.body).toContain("访问太频繁了");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("never counts static files and probes", async () => {
    const { base } = await door({ hold: true });
    const crowd = Array.from({ length: ADMISSION.api.inFlight }, () => get(base, "/api/v1/articles"));
    await expect.poll(() => held.length).toBe(ADMISSION.api.inFlight);
    const probes = [get(base, "/api/ready"), get(base, "/_next/static/chunks/main.js")];
    await expect.poll(() => held.length).toBe(ADMISSION.api.inFlight + 2);
    holding = false;
    held.splice(0).forEach((go) => go());
    expect((await Promise.all([...crowd, ...probes])).every((a) => a.status === 299)).toBe(true);
  });

  it("never counts this machine's own clients (no proxy named in front of them: their readers would share one budget)", async () => {
    process.env.TRUSTED_PROXIES = "0";
    resetConfig();
    const { base } = await door({ hold: true });
    const many = ADMISSION.api.inFlight * 2;
    const crowd = Array.from({ length: many }, () => get(base, "/api/v1/articles"));
    await expect.poll(() => held.length).toBe(many);
    holding = false;
    held.splice(0).forEach((go) => go());
    expect((await Promise.all(crowd)).every((a) => a.status === 299)).toBe(true);
  });

  it("charges a request its share of the server while others ran beside it (processor sharing)", () => {
    let t = 0;
    const sharing = createProcessorSharing(() => t);
    const alone = sharing.begin();
    t += 100;
    expect(alone()).toBe(100);
    // Two in flight for 1,000 ms, then one alone for 200 more: 500 and 700.
    const a = sharing.begin();
    const b = sharing.begin();
    t += 1000;
    expect(a()).toBe(500);
    t += 200;
    expect(b()).toBe(700);
    expect(b()).toBe(700); // asked again, the same
  });
});
