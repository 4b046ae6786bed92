// Both databases: pgvector (PGlite bundles its own build) beside full-text search.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { resetConfig } from "@/lib/config";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articleEmbeddings, articles, readHistory, siteCounters, users } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { call } from "@/test/api";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { GET as search } from "@/app/api/v1/articles/search/route";
import { countPending, embedPending } from "./embeddings";
import { startEmbedder, stopEmbedder, nudgeEmbedder } from "./embedder";
import { FUSION_DEPTH, fuse } from "./hybrid";
import { searchFieldsFor } from "./text";
import { ARRAY_SCAN_MAX_ARTICLES, forgetArticleCount, vectorBackend, vectorSearchAvailable, warnIfVectorSearchOff } from "./vectors";

let fake: FakeOpenAI;
const AI_ENV = { OPENAI_API_KEY: "test-key", AI_EMBEDDING_MODEL: "fake-embed", AI_EMBEDDING_MIN_SIMILARITY: "0.3" };

function setAi(on: boolean) {
  for (const [k, v] of Object.entries(AI_ENV)) {
    if (on) process.env[k] = v;
    else delete process.env[k];
  }
  process.env.OPENAI_BASE_URL = fake.url;
  resetConfig();
}

const article = (title: string, content: string, url: string) => ({ title, content, sourceUrl: url, ...searchFieldsFor({ title, content }) });

async function embedAll() {
  const db = await getDb();
  for (;;) {
    const r = await embedPending(db);
    if (!r.embedded && !r.unchanged) return;
  }
}

const find = (keyword: string, qs = "", token?: string) =>
  call(search, `/api/v1/articles/search?keyword=${encodeURIComponent(keyword)}${qs}`, { token });

let token = "";
let userId = 0;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  setAi(true);
  const db = await getDb();
  await seedDemoArticles(db);
  await db.insert(articles).values([
    article("养犬笔记：耐心比技巧重要", "犬的训练：犬需要耐心，犬也需要陪伴。", "https://example.com/dogs/1"),
    ...Array.from({ length: 5 }, (_, i) => article(`养犬第${i}课`, "犬，犬，还是犬。", `https://example.com/dogs/lesson-${i}`)),
    ...Array.from({ length: FUSION_DEPTH + 30 }, (_, i) => article(`狗狗日记第${i}篇`, "今天也很开心。", `https://example.com/diary/${i}`)),
  ]);
  const [u] = await db.insert(users).values({ accountName: "semantic_reader" }).returning();
  userId = u.id;
  token = await signToken(u.id);
  await embedAll();
});

afterAll(async () => {
  await stopEmbedder();
  setAi(false);
  await fake.close();
});

describe("embeddings", () => {
  it("embeds every article once, and again only when its text changes", async () => {
    const db = await getDb();
    expect(await countPending(db, "fake-embed")).toMatchObject({ pending: 0 });
    const before = fake.requests.length;
    expect(await embedPending(db)).toEqual({ embedded: 0, unchanged: 0 });
    expect(fake.requests.length).toBe(before);

    const [a] = await db.select().from(articles).where(eq(articles.sourceUrl, "https://example.com/dogs/1"));
    await db.update(articles).set({ title: a.title }).where(eq(articles.id, a.id)); // touched, text unchanged
    expect(await embedPending(db)).toEqual({ embedded: 0, unchanged: 1 });
    expect(fake.requests.length).toBe(before);

    await db.update(articles).set({ content: `${a.content}犬。` }).where(eq(articles.id, a.id));
    expect(await embedPending(db)).toEqual({ embedded: 1, unchanged: 0 });
    expect(fake.requests.length).toBe(before + 1);
    const [e] = await db.select().from(articleEmbeddings).where(eq(articleEmbeddings.articleId, a.id));
    expect(e).toMatchObject({ model: "fake-embed", dimensions: 256 });
    expect(Math.hypot(...e.embedding)).toBeCloseTo(1, 4);
  });

  it("uses pgvector where the extension can be created, real[] elsewhere", async () => {
    const backend = await vectorBackend(await getDb());
    expect(backend).toBe(process.env.TEST_DB_DRIVER === "postgres" ? "array" : "pgvector");
  });

  it("the background embedder picks up a new article when nudged", async () => {
    const db = await getDb();
    startEmbedder(getDb, { pollMs: 60_000 });
    const [row] = await db.insert(articles).values(article("猫咪观察", "猫，猫。", "https://example.com/cats/1")).returning();
    nudgeEmbedder();
    await expect.poll(async () => (await db.select().from(articleEmbeddings).where(eq(articleEmbeddings.articleId, row.id))).length, { timeout: 10_000 }).toBe(1);
    await stopEmbedder();
  });
});

describe("hybrid search", () => {
  it("finds by meaning what shares no word with the keyword, and says it is hybrid", async () => {
    const { status, body, headers } = await find("狗");
    expect(status).toBe(200);
    expect(headers.get("x-search-mode")).toBe("hybrid");
    const titles = body.data.items.map((a: { title: string }) => a.title);
    expect(titles.some((t: string) => t.startsWith("养犬"))).toBe(true);
  });

  it("without a model, the same search is full-text alone and says so", async () => {
    setAi(false);
    try {
      const { body, headers } = await find("狗");
      expect(headers.get("x-search-mode")).toBe("fulltext");
      expect(body.data.items.some((a: { title: string }) => a.title.startsWith("养犬"))).toBe(false);
    } finally {
      setAi(true);
    }
  });

  it("counts full-text and vector-only matches once and pages through each exactly once", async () => {
    const db = await getDb();
    const dogs = await db.select({ id: articles.id }).from(articles).where(inArray(articles.sourceUrl, Array.from({ length: 5 }, (_, i) => `https://example.com/dogs/lesson-${i}`)));
    const seen = new Set<number>();
    let total = 0;
    for (let page = 1; page <= 4; page++) {
      const { body, headers } = await find("狗狗", `&page=${page}&limit=50`, token);
      expect(headers.get("x-search-mode")).toBe("hybrid");
      total = body.data.total;
      for (const a of body.data.items as { id: number }[]) {
        expect(seen.has(a.id), `article ${a.id} repeated on page ${page}`).toBe(false);
        seen.add(a.id);
      }
    }
    expect(seen.size).toBe(total);
    for (const d of dogs) expect(seen.has(d.id)).toBe(true);
    expect(total).toBeGreaterThanOrEqual(FUSION_DEPTH + 30 + dogs.length);
  });

  it("leaves out what the reader has read when exclude_read is on", async () => {
    const db = await getDb();
    const [dog] = await db.select().from(articles).where(eq(articles.sourceUrl, "https://example.com/dogs/1"));
    await db.insert(readHistory).values({ userId, articleId: dog.id });
    const ids = (await find("狗", "&exclude_read=true", token)).body.data.items.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(dog.id);
    expect((await find("狗", "", token)).body.data.items.map((a: { id: number }) => a.id)).toContain(dog.id);
  });

  it("without pgvector, answers full-text above the size a vector scan can serve, and warns at start-up", async () => {
    const db = await getDb();
    const backend = await vectorBackend(db);
    const requests = fake.requests.length;
    // The maintained article counter is what the size check reads; raise it as a year of collecting would.
    await db.update(siteCounters).set({ value: sql`${siteCounters.value} + ${ARRAY_SCAN_MAX_ARTICLES}` }).where(eq(siteCounters.name, "articles"));
    forgetArticleCount(db);
    const warn = vi.spyOn(log, "warn");
    try {
      const { status, headers } = await find("小猫咪的日常");
      expect(status).toBe(200);
      await warnIfVectorSearchOff(db, "fake-embed");
      if (backend === "pgvector") {
        // The HNSW index bounds the query at any size: still hybrid, no warning.
        expect(headers.get("x-search-mode")).toBe("hybrid");
        expect(warn).not.toHaveBeenCalled();
      } else {
        expect(headers.get("x-search-mode")).toBe("fulltext");
        expect(await vectorSearchAvailable(db)).toBe(false);
        // The keyword was not even embedded.
        expect(fake.requests.slice(requests).some((r) => r.path.includes("embeddings"))).toBe(false);
        expect(warn).toHaveBeenCalledWith(expect.stringContaining("semantic search off"), expect.objectContaining({ limit: ARRAY_SCAN_MAX_ARTICLES }));
      }
    } finally {
      warn.mockRestore();
      await db.update(siteCounters).set({ value: sql`${siteCounters.value} - ${ARRAY_SCAN_MAX_ARTICLES}` }).where(eq(siteCounters.name, "articles"));
      forgetArticleCount(db);
    }
    expect(await vectorSearchAvailable(db)).toBe(true);
  });

  it("answers full-text when the model fails, without an error", async () => {
    fake.fail(5, 500);
    const { status, headers, body } = await find("慢查询 排查");
    expect(status).toBe(200);
    expect(headers.get("x-search-mode")).toBe("fulltext");
    expect(body.data.items[0].title).toContain("慢查询");
    fake.fail(0);
  });
});

describe("fuse", () => {
  it("keeps title phrases first, then orders by reciprocal rank, ties by text rank", () => {
    // 3: 1/63 + 1/61; 1: 1/61; 2 and 4: 1/62 each, 2 first by its text rank.
    expect(fuse([1, 2, 3], [3, 4], new Set())).toEqual([3, 1, 2, 4]);
    expect(fuse([1, 2, 3], [3, 4], new Set([2]))[0]).toBe(2);
    expect(fuse([], [7, 8], new Set())).toEqual([7, 8]);
  });
});
