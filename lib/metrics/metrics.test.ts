// /metrics through the real front door: off without a token, 401 to a wrong one, and the request counters of the
// answers before it; the token-free port for scrapers inside the operator's network.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { freePort } from "@/test/free-port";
import { startBehindFrontDoor, type StandIn } from "@/test/front-door-server";
import { total } from "@/test/metrics-text";
import { startMetricsServer, stopMetricsServer } from "./serve";

const TOKEN = "metrics-token-0123456789abcdef";
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startBehindFrontDoor();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  delete process.env.METRICS_PORT;
  resetConfig();
  await stopMetricsServer();
  await standIn.close();
});

const scrape = (base: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => fetch(`${base}/metrics`, { headers });

describe("/metrics", () => {
  it("is not there without METRICS_TOKEN: the request goes on to Next.js", async () => {
    delete process.env.METRICS_TOKEN;
    resetConfig();
    const res = await scrape(standIn.base);
    expect(res.status).toBe(299);
  });

  it("answers 401 without the token or with a wrong one", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetConfig();
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }] as Record<string, string>[]) {
      const res = await scrape(standIn.base, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      expect((await res.json()).detail).toContain("指标令牌");
    }
  });

  it("answers other methods than GET and HEAD with 405", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetConfig();
    const res = await fetch(`${standIn.base}/metrics`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect((await res.json()).detail).toBeTruthy();
  });

  it("counts every answer by route pattern and status", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetConfig();
    const series = (text: string) => total(text, "shiyue_http_request_duration_seconds_count", { method: "GET", route: "/articles/[id]", status: "299" });
    const before = series(await (await scrape(standIn.base)).text());
    for (const id of [1, 22, 333]) await (await fetch(`${standIn.base}/articles/${id}`)).text();
    // The count is taken when each response closes: the next scrape may come before the last close.
    await expect.poll(async () => series(await (await scrape(standIn.base)).text()) - before).toBe(3);
    const text = await (await scrape(standIn.base)).text();
    expect(text).toContain("# TYPE shiyue_http_request_duration_seconds histogram");
    expect(text).toContain("shiyue_process_cpu_seconds_total");
    expect(text).not.toContain("/articles/22"); // ids never become labels
  });

  it("is served without a token on METRICS_PORT, where the front door does not answer", async () => {
    const port = await freePort();
    process.env.METRICS_PORT = String(port);
    resetConfig();
    await startMetricsServer();
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toContain("shiyue_http_request_duration_seconds");
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
