// npm run seed                      add the demo articles that are missing (never duplicates)
// npm run seed -- --synthetic N     add N synthetic articles for benchmarks [--seed S] [--batch B]
import { parseArgs } from "node:util";
import { ConfigError, getConfig } from "@/lib/config";
import { closeDb, getDbHandle } from "@/lib/db";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { insertSynthetic } from "@/lib/db/seed/insert-synthetic";
import { errorMessage } from "@/lib/log";

const { values } = parseArgs({
  options: {
    synthetic: { type: "string" },
    seed: { type: "string", default: "1" },
    batch: { type: "string", default: "1000" },
  },
});

try {
  getConfig();
  const { db } = await getDbHandle();
  if (values.synthetic !== undefined) {
    const count = Number(values.synthetic);
    const seed = Number(values.seed);
    const batch = Number(values.batch);
    if (!Number.isInteger(count) || count < 1) throw new Error("--synthetic 需要一个正整数，例如 --synthetic 10000");
    if (!Number.isInteger(seed) || !Number.isInteger(batch) || batch < 1) throw new Error("--seed 和 --batch 需要整数");
    const started = performance.now();
    const inserted = await insertSynthetic(db, {
      count,
      seed,
      batchSize: batch,
      onProgress: (done) => {
        if (process.stdout.isTTY) process.stdout.write(`\r已写入 ${done}/${count}`);
        else if (done === count || done % Math.max(batch, Math.ceil(count / 10 / batch) * batch) === 0) console.log(`已写入 ${done}/${count}`);
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n合成文章：新增 ${inserted} 篇（共生成 ${count} 篇，重复的跳过），用时 ${seconds} 秒`);
  } else {
    const inserted = await seedDemoArticles(db);
    console.log(`示例文章：新增 ${inserted} 篇`);
  }
  await closeDb();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `写入失败：${errorMessage(err)}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
