// npm run seed                      add the demo articles that are missing (never duplicates)
// npm run seed -- --synthetic N     make the synthetic articles 0…N-1 exist, for benchmarks [--seed S] [--batch B]
//                                   (PostgreSQL: binary COPY over two connections, search vectors assembled here;
//                                   a load of at least 50,000 rows and half the table rebuilds the article
//                                   indexes after it, and says so)
import { parseArgs } from "node:util";
import { ConfigError, getConfig } from "@/lib/config";
import { closeDb, getDbHandle } from "@/lib/db";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { seedSynthetic } from "@/lib/db/seed/seed-synthetic";
import { errorMessage } from "@/lib/log";

const { values } = parseArgs({
  options: {
    synthetic: { type: "string" },
    seed: { type: "string", default: "1" },
    batch: { type: "string" },
  },
});

try {
  getConfig();
  const handle = await getDbHandle();
  if (values.synthetic !== undefined) {
    const count = Number(values.synthetic);
    const seed = Number(values.seed);
    const batch = values.batch === undefined ? undefined : Number(values.batch);
    if (!Number.isInteger(count) || count < 1) throw new Error("--synthetic 需要一个正整数，例如 --synthetic 10000");
    if (!Number.isInteger(seed) || (batch !== undefined && (!Number.isInteger(batch) || batch < 1))) throw new Error("--seed 和 --batch 需要整数");
    // Ctrl-C stops after the batches being written; the indexes are rebuilt before the command ends.
    const stop = new AbortController();
    process.once("SIGINT", () => {
      console.log("\n正在停止：写完当前批次并重建索引后退出（再按一次 Ctrl-C 立即退出）");
      stop.abort();
      process.once("SIGINT", () => process.exit(130));
    });
    const started = performance.now();
    let shown = 0;
    const result = await seedSynthetic(handle, {
      count,
      seed,
      batchSize: batch,
      signal: stop.signal,
      onStep: (message) => console.log(message),
      onProgress: (done, missing) => {
        if (process.stdout.isTTY) process.stdout.write(`\r已写入 ${done}/${missing}`);
        else if (done === missing || done - shown >= missing / 10) {
          shown = done;
          console.log(`已写入 ${done}/${missing}`);
        }
      },
    });
    if (process.stdout.isTTY && result.inserted) process.stdout.write("\n");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const how = result.method === "copy" ? "COPY" : "批量 insert";
    console.log(`合成文章：新增 ${result.inserted} 篇（要求 ${count} 篇，已有的跳过；${how}），用时 ${seconds} 秒`);
    if (stop.signal.aborted) process.exitCode = 130;
  } else {
    const inserted = await seedDemoArticles(handle.db);
    console.log(`示例文章：新增 ${inserted} 篇`);
  }
  await closeDb();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `写入失败：${errorMessage(err)}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
