// `npm run bench:chat`: what a question costs at scale, alone, on a prepared PostgreSQL corpus (BENCH_ARTICLES,
// default 1,000,000): the chat's first byte through the app against the loopback provider's own, the question
// set in turn (bench/chat-ttfb.ts), and searches that find nothing (the search-none row, one at a time). The
// app is started once; nothing is written to the corpus but what serving writes. Writes bench/results/chat.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { resetConfig } from "@/lib/config";
import { startFakeOpenAI } from "@/test/openai-server";
import { startApp } from "./app-server";
import { CHAT_QUESTIONS, chatFirstByte } from "./chat-ttfb";
import { postgresAt } from "./databases";
import { runLoad } from "./load";
import { inspectBenchDb } from "./prepare-db";
import { NOWHERE_KEYWORDS, searchPath } from "./scenarios";

const articles = Number(process.env.BENCH_ARTICLES ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const target = postgresAt(articles);
const corpus = await inspectBenchDb(target.databaseUrl);
if (!corpus || corpus.articles < articles) throw new Error(`${target.databaseUrl} is not prepared: run BENCH_ARTICLES=${articles} npm run bench -- --prepare first`);

process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";
resetConfig();
const provider = await startFakeOpenAI();
const env = { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_EMBEDDING_MODEL: "" };
const app = await startApp(target, { port: Number(process.env.BENCH_PORT ?? 3393), env });
let i = 0;
try {
  // Searched signed in: a visitor's page for a keyword is kept for 10 s (lib/search/visitor-cache.ts), and the
  // same eight keywords in turn would measure that memory instead of the search.
  const account = `bench${Date.now().toString(36)}`;
  const registered = await fetch(`${app.base}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ account_name: account, password: "bench-pass-1", agree_terms: true }),
  });
  const token = ((await registered.json()) as { data: { access_token: string } }).data.access_token;
  const none = { name: "search-none", path: () => searchPath(NOWHERE_KEYWORDS[i++ % NOWHERE_KEYWORDS.length]), headers: { authorization: `Bearer ${token}` } };
  const chat = await chatFirstByte(app.base, provider.url, CHAT_QUESTIONS.length);
  const search = await runLoad(app.base, none, { connections: 1, seconds, warmupSeconds: 1 });
  const lines = [
    `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, npm run bench:chat, ${cpus().length} cores, Node ${process.version}, PostgreSQL, ${corpus.articles.toLocaleString("en")} articles; load average at the end ${loadavg().map((n) => n.toFixed(1)).join(" ")}.`,
    "",
    "| measure | p50 | p95 |",
    "|---|--:|--:|",
    `| chat first byte, provider alone (${chat.requests} questions) | ${chat.direct.p50} ms | ${chat.direct.p95} ms |`,
    `| chat first byte through the app | ${chat.app.p50} ms | ${chat.app.p95} ms |`,
    `| **time the app adds** (target p95 ≤ 50 ms) | ${chat.added.p50} ms | ${chat.added.p95} ms |`,
    `| search that finds nothing, signed in (${NOWHERE_KEYWORDS.length} keywords in turn, c=1, ${search.requests} requests, ${search.errors} errors; target p95 ≤ 50 ms) | ${search.p50} ms | ${search.p95} ms |`,
  ];
  const markdown = lines.join("\n");
  console.log(`\n${markdown}\n`);
  const out = join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "chat.md"), `${markdown}\n`);
  if (app.errorsLogged()) console.error(`bench: the app logged ${app.errorsLogged()} error lines: see ${app.logFile}`);
} finally {
  await app.stop();
  await provider.close();
}
process.exit(0);
