import { expect, test } from "./support/fixtures";
import { scrape, total } from "./support/metrics";

// /metrics of the production build (METRICS_TOKEN set by e2e/support/app-server.ts): real requests move the counters,
// each under its route's pattern from Next's route table, never an id or a keyword.
test("real requests move the counters under their route patterns", async ({ request }) => {
  const before = await scrape(request);
  const feed = await request.get("/api/v1/articles/?page=1&limit=5");
  expect(feed.ok()).toBe(true);
  const [first] = (await feed.json()).data.items as { id: string }[];
  expect((await request.get(`/articles/${first.id}`)).ok()).toBe(true);
  const keyword = `指标${Date.now().toString(36)}`;
  expect((await request.get(`/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}`)).ok()).toBe(true);
  expect((await request.get("/no-such-page-for-metrics")).status()).toBe(404);

  const moved = (text: string, labels: Record<string, string>) =>
    total(text, "shiyue_http_request_duration_seconds_count", labels) - total(before, "shiyue_http_request_duration_seconds_count", labels);
  // Each answer is counted when its response closes, which may come just after the client has read it.
  await expect
    .poll(async () => {
      const after = await scrape(request);
      return [
        moved(after, { route: "/api/v1/articles", status: "200" }) >= 1,
        moved(after, { route: "/articles/[id]", status: "200" }) >= 1,
        moved(after, { route: "/api/v1/articles/search", status: "200" }) >= 1,
        moved(after, { route: "(unmatched)", status: "404" }) >= 1,
      ];
    })
    .toEqual([true, true, true, true]);
  const after = await scrape(request);
  expect(total(after, "shiyue_search_plans_total")).toBeGreaterThan(total(before, "shiyue_search_plans_total"));
  expect(after).toMatch(/^shiyue_summary_queue_tasks\{status="pending"\} \d+$/m);
  expect(after).toContain("shiyue_process_resident_memory_bytes");
  expect(after).not.toContain(keyword);
  expect(after).not.toContain(`/articles/${first.id}"`);
});

test("/metrics without the token answers 401 and shows nothing", async ({ request }) => {
  const res = await request.get("/metrics");
  expect(res.status()).toBe(401);
  expect(await res.json()).toEqual({ detail: expect.stringContaining("指标令牌") });
});
