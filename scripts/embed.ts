// npm run embed                 how many articles have an embedding for AI_EMBEDDING_MODEL, how many wait
// npm run embed -- --backfill   embed every article without a current embedding (new or changed), then exit
import { parseArgs } from "node:util";
import { embeddingModel } from "@/lib/ai/embeddings";
import { countPending, embedPending } from "@/lib/search/embeddings";
import { ConfigError, getConfig } from "@/lib/config";
import { closeDb, getDbHandle } from "@/lib/db";
import { errorMessage } from "@/lib/log";

const { values } = parseArgs({ options: { backfill: { type: "boolean", default: false }, batch: { type: "string", default: "32" } } });

try {
  getConfig();
  const model = embeddingModel();
  if (!model) throw new Error("未配置向量模型：请设置 OPENAI_API_KEY 和 AI_EMBEDDING_MODEL（见 .env.example）");
  const batch = Number(values.batch);
  if (!Number.isInteger(batch) || batch < 1 || batch > 256) throw new Error("--batch 需要 1–256 之间的整数");
  const { db } = await getDbHandle();
  const before = await countPending(db, model);
  console.log(`模型 ${model}：已有向量 ${before.embedded} 篇，待处理 ${before.pending} 篇`);
  if (values.backfill) {
    const started = performance.now();
    let embedded = 0;
    let unchanged = 0;
    for (;;) {
      const r = await embedPending(db, { batch });
      embedded += r.embedded;
      unchanged += r.unchanged;
      if (!r.embedded && !r.unchanged) break;
      if (process.stdout.isTTY) process.stdout.write(`\r已处理 ${embedded + unchanged}/${before.pending}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n新生成向量 ${embedded} 篇，内容未变 ${unchanged} 篇，用时 ${seconds} 秒`);
  }
  await closeDb();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `向量处理失败：${errorMessage(err)}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
