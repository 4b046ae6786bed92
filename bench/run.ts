// npm run bench: the performance figures of docs/performance.md. Prepares a PostgreSQL database with
// BENCH_ARTICLES articles (default 100,000), explains the feed and search queries, serves the production
// build on it (npm start) with a loopback OpenAI-compatible provider, measures latency one request at a
// time and throughput with four connections, the time the chat adds to the provider's first byte, and
// weighs the home page's first-load JavaScript. Results go to bench/results/.
//
//   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/shiyue_bench
//   BENCH_ARTICLES      default 100000       BENCH_SECONDS  default 10 (per scenario)
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { resetConfig } from "@/lib/config";
import { startFakeOpenAI } from "@/test/openai-server";
import { chatFirstByte } from "./chat-ttfb";
import { explainQueries } from "./explain";
import { runLoad, type LoadResult, type Scenario } from "./load";
import { firstLoadJs } from "./page-weight";
import { prepareBenchDb } from "./prepare-db";
import { summaryPipeline } from "./summary-pipeline";

const root = resolve(import.meta.dirname, "..");
const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shiyue_bench";
const target = Number(process.env.BENCH_ARTICLES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3391);
const base = `http://127.0.0.1:${port}`;
const secret = "bench-secret-bench-secret-bench-secret-0123456789";

/** Two-word keywords from the synthetic vocabulary; each matches about 12% of the articles. */
const KEYWORDS = [
  "数据 索引", "睡眠 质量", "指数 基金", "向量 数据库", "前端 性能", "代码 评审", "单元 测试", "缓存 策略",
  "用户 调研", "定价 策略", "家庭 预算", "房贷 利率", "资产 配置", "气候 变化", "量子 计算", "火星 探测",
  "跑步 配速", "心率 区间", "力量 训练", "城市 漫步", "自驾 路线", "高铁 旅行", "旅行 预算", "古典 诗词",
  "胶片 摄影", "独立 书店", "开源 模型", "训练 数据", "推理 能力", "基因 编辑",
];
/** Two filler words found in 82% of the synthetic articles: the worst case. */
const WORST_KEYWORD = "用户 体验";

async function waitReady(timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${base}/api/ready`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not become ready");
}

process.env.AUTH_SECRET = secret;
process.env.DATABASE_URL = url;
resetConfig();
const db = await prepareBenchDb(url, target);
console.log(`bench: ${db.articles} articles in ${url}`);
const userId = JSON.parse(Buffer.from(db.token.split(".")[1], "base64url").toString()).sub as string;
const explained = await explainQueries(url, Number(userId), KEYWORDS[0]);
const summary = await summaryPipeline(url);
console.log(`summary pipeline without provider calls (fetch, extract, local summary, progress writes): p50 ${summary.p50} ms, p95 ${summary.p95} ms`);
console.log(`status poll plan:\n${summary.pollPlan}`);

// A loopback OpenAI-compatible provider for the chat figure (no embedding model: search stays full-text).
const provider = await startFakeOpenAI();
const server = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    NODE_ENV: "production",
    RUN_WORKER: "false",
    SEED_DEMO: "false",
    OPENAI_BASE_URL: provider.url,
    OPENAI_API_KEY: "test-key",
    AI_CHAT_MODEL: "fake-chat",
    AI_EMBEDDING_MODEL: "",
    LOG_DEBUG: "",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const results: LoadResult[] = [];
let weight;
let chat;
try {
  await waitReady(10 * 60_000);
  let i = 0;
  const keyword = () => encodeURIComponent(KEYWORDS[i++ % KEYWORDS.length]);
  const auth = { authorization: `Bearer ${db.token}` };
  const scenarios: [Scenario, number[]][] = [
    [{ name: "GET /api/v1/articles?page=1", path: () => "/api/v1/articles?page=1" }, [1, 4]],
    [{ name: "GET /api/v1/articles?page=1&exclude_read=true (signed in)", path: () => "/api/v1/articles?page=1&exclude_read=true", headers: auth }, [1]],
    [{ name: "GET /api/v1/articles/search (two-word keywords)", path: () => `/api/v1/articles/search?keyword=${keyword()}` }, [1, 4]],
    [{ name: `GET /api/v1/articles/search ("${WORST_KEYWORD}", 82% of articles)`, path: () => `/api/v1/articles/search?keyword=${encodeURIComponent(WORST_KEYWORD)}` }, [1]],
    [{ name: "GET / (home HTML)", path: () => "/" }, [1, 4]],
    [{ name: "GET /articles/[id] (permalink HTML)", path: () => `/articles/${db.articleId}` }, [1]],
  ];
  for (const [scenario, connections] of scenarios) {
    for (const c of connections) {
      const r = await runLoad(base, scenario, { connections: c, seconds });
      results.push(r);
      console.log(`${r.name} c=${c}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s, ${r.errors} errors`);
    }
  }
  chat = await chatFirstByte(base, provider.url, 50, "数据库索引应该怎么设计才能提升性能？");
  console.log(`chat first byte: provider p50 ${chat.direct.p50} ms; through the app p50 ${chat.app.p50} ms, p95 ${chat.app.p95} ms; added p50 ${chat.added.p50} ms, p95 ${chat.added.p95} ms`);
  weight = await firstLoadJs(base, "/");
  console.log(`home first-load JS: ${weight.files} files, ${(weight.gzip / 1024).toFixed(1)} kB gzip (${(weight.raw / 1024).toFixed(1)} kB raw)`);
} finally {
  server.kill("SIGTERM");
  await provider.close();
}

console.log("\nquery plans (EXPLAIN ANALYZE):");
for (const e of explained) {
  for (const q of e.queries) console.log(`  ${e.call}: indexes ${q.indexes.join(", ") || "none"}; seq scans ${q.seqScans.join(", ") || "none"}; ${q.ms} ms`);
}
const out = { date: new Date().toISOString(), articles: db.articles, seconds, results, chatFirstByte: chat, summaryPipeline: summary, firstLoadJs: weight, explained };
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/latest.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log("\nwritten to bench/results/latest.json");
