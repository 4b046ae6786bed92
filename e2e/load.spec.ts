import { expect, test } from "./support/fixtures";

// The load test's short form (the longer one is `npm run bench`): 200 concurrent clients over loopback for
// LOAD_SECONDS on the feed, search and like toggles of ten users. Nothing but 200 may come back, and
// afterwards every article's like counter equals the number of users whose like is recorded.
const CLIENTS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 8);
const USERS = 10;
const KEYWORDS = ["数据库", "睡眠", "旅行", "前端 性能", "咖啡", "读书", "跑步", "相机"];

test("200 concurrent clients on feed, search and likes: only 200s, and counters equal rows afterwards", async ({ baseURL }, testInfo) => {
  // Runs in the desktop project only (not tagged @phone): the viewport does not matter to the API.
  test.setTimeout((SECONDS + 90) * 1000);
  const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, baseURL), init);

  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const res = await api("/api/v1/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account_name: `load${Date.now().toString(36)}${i}`, password: "load-pass-123", agree_terms: true }),
    });
    expect(res.status).toBe(200);
    tokens.push(((await res.json()) as { data: { access_token: string } }).data.access_token);
  }
  const feed = (await (await api("/api/v1/articles?page=1&limit=20")).json()) as { data: { items: { id: number }[] } };
  const targets = feed.data.items.slice(0, 3).map((a) => a.id);

  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  let n = 0;
  const client = async () => {
    while (Date.now() < until) {
      const i = n++;
      const kind = i % 3;
      const started = performance.now();
      let res: Response;
      if (kind === 0) res = await api("/api/v1/articles?page=1");
      else if (kind === 1) res = await api(`/api/v1/articles/search?keyword=${encodeURIComponent(KEYWORDS[i % KEYWORDS.length])}`);
      else res = await api(`/api/v1/likes/${targets[i % targets.length]}`, { method: "POST", headers: { authorization: `Bearer ${tokens[i % USERS]}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      const key = `${["feed", "search", "like"][kind]} ${res.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));

  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)];
  testInfo.annotations.push({ type: "load", description: `${latencies.length} requests in ${SECONDS} s; p50 ${latencies[latencies.length >> 1].toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ${JSON.stringify(Object.fromEntries(statuses))}` });
  console.log(`load: ${testInfo.annotations.at(-1)!.description}`);
  expect([...statuses.keys()].filter((k) => !k.endsWith(" 200"))).toEqual([]);
  expect(latencies.length).toBeGreaterThan(CLIENTS);

  const after = (await (await api("/api/v1/articles?page=1&limit=50")).json()) as { data: { items: { id: number; like_cnt: number }[] } };
  for (const id of targets) {
    let liked = 0;
    for (const token of tokens) {
      const status = (await (await api(`/api/v1/likes/status/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { is_liked: boolean } };
      if (status.data.is_liked) liked++;
    }
    const article = after.data.items.find((a) => a.id === id);
    expect(article, `article ${id} is still on the first page`).toBeTruthy();
    // Demo articles start with likes of their own; the users' likes come on top.
    const before = feed.data.items.find((a) => a.id === id) as { like_cnt?: number } | undefined;
    expect(article!.like_cnt - (before?.like_cnt ?? 0)).toBe(liked);
  }
});
