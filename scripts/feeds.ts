// npm run feeds -- <command>: manage the feed sources the site collects articles from.
//   add <url> [--platform p] [--interval 30m] [--allow-private] [--max-items 200]
//                                                                 add a source (RSS, Atom, JSON Feed)
//   set <id|url> [--max-items n] [--interval 30m]                 change a source's settings
//   list                                                          every source with its health at a glance
//   remove <id|url>                                               stop collecting (articles stay)
//   poll [--all | <id|url>]                                       poll due sources now (--all: every source)
//   import <file.opml>                                            add every feed in an OPML file
//   export                                                        print the sources as OPML
// Works while the site runs (through the embedded database's socket, or on DATABASE_URL). The console's
// 订阅源 section runs the same functions (lib/admin/sources.ts); add, set, remove and import are recorded in its
// 操作记录 as done by 命令行.
import { readFile } from "node:fs/promises";
import { createSource, deleteSource, editSource, exportSources, importSources } from "@/lib/admin/sources";
import { embeddingModel } from "@/lib/ai/embeddings";
import { ApiError } from "@/lib/api/errors";
import { embedPending } from "@/lib/search/embeddings";
import { ConfigError, getConfig } from "@/lib/config";
import { closeDb, getDbHandle } from "@/lib/db";
import { errorMessage } from "@/lib/log";
import { OpmlError } from "@/lib/ingest/opml";
import type { PollResult } from "@/lib/ingest/poll";
import { pollDue } from "@/lib/ingest/scheduler";
import { formatInterval } from "@/lib/ingest/schedule";
import { MAX_FEED_ITEMS } from "@/lib/ingest/feed-common";
import { FEEDS_USAGE, parseFeedsArgs, UsageError } from "@/lib/ingest/feeds-cli-args";
import { findSource, HEALTH_LABELS, listSources, SourceError, type SourceRow } from "@/lib/ingest/sources";

const CLI_ACTOR = { id: null, name: "命令行" };

const perPoll = (maxItems: number) => (maxItems === MAX_FEED_ITEMS ? "" : ` · 每次最多 ${maxItems} 条`);

function when(date: Date | null, now = Date.now()): string {
  if (!date) return "—";
  const minutes = Math.round((date.getTime() - now) / 60_000);
  const abs = Math.abs(minutes);
  if (abs < 1) return "刚刚";
  const span = abs < 60 ? `${abs} 分钟` : abs < 48 * 60 ? `${Math.round(abs / 60)} 小时` : `${Math.round(abs / 1440)} 天`;
  return minutes >= 0 ? `${span}后` : `${span}前`;
}

function printSources(rows: SourceRow[]) {
  if (!rows.length) return console.log("还没有订阅源。用 npm run feeds -- add <地址> 添加。");
  for (const s of rows) {
    const head = `#${s.id} [${HEALTH_LABELS[s.health]}] ${s.title ?? "（未抓取）"} · ${s.platform ?? "自动识别"} · 每 ${formatInterval(s.intervalSeconds)}${perPoll(s.maxItems)} · ${s.articleCount} 篇`;
    console.log(head);
    console.log(`    ${s.url}${s.allowPrivate ? "（允许内网）" : ""}`);
    const lastError = s.errorCount ? ` · 连续失败 ${s.errorCount} 次：${s.lastError}` : "";
    console.log(`    上次成功 ${when(s.lastSuccessAt)} · 下次抓取 ${when(s.nextPollAt)}${lastError}`);
  }
  const unhealthy = rows.filter((s) => s.health === "unhealthy").length;
  const failing = rows.filter((s) => s.health === "failing").length;
  console.log(`共 ${rows.length} 个订阅源：正常 ${rows.filter((s) => s.health === "healthy").length}，出错 ${failing}，异常 ${unhealthy}`);
}

function printResults(results: PollResult[], names: Map<number, string>) {
  if (!results.length) return console.log("没有到期的订阅源（用 --all 立即抓取全部）");
  for (const r of results) {
    const name = names.get(r.sourceId) ?? `#${r.sourceId}`;
    if (r.status === "updated") console.log(`#${r.sourceId} ${name}：新增 ${r.added} 篇${r.duplicates ? `，已有 ${r.duplicates} 篇` : ""}`);
    else if (r.status === "not_modified") console.log(`#${r.sourceId} ${name}：没有更新（304）`);
    else console.log(`#${r.sourceId} ${name}：失败（第 ${r.errorCount} 次）— ${r.error}`);
  }
  const added = results.reduce((n, r) => n + (r.status === "updated" ? r.added : 0), 0);
  const failed = results.filter((r) => r.status === "failed").length;
  console.log(`抓取 ${results.length} 个订阅源，新增 ${added} 篇文章${failed ? `，${failed} 个失败` : ""}`);
}

process.env.LOG_LEVEL ??= "error"; // the command prints its own report; keep the JSON log lines out of it
let exitCode = 0;
try {
  const { command, arg, platform, interval, intervalGiven, maxItems, allowPrivate, all } = parseFeedsArgs(process.argv.slice(2));
  const config = getConfig();
  const { db } = await getDbHandle();
  switch (command) {
    case "add": {
      const input = { url: arg!, platform, intervalSeconds: interval, allowPrivate, maxItems };
      const { source, created } = await createSource({ db, actor: CLI_ACTOR, input });
      const settings = `平台：${source.platform ?? "按文章链接识别"}，每 ${source.interval} 抓取，每次最多 ${source.max_items} 条`;
      console.log(created ? `已添加订阅源 #${source.id}：${source.url}（${settings}）` : `订阅源已存在：#${source.id} ${source.url}（用 set 修改设置）`);
      break;
    }
    case "set": {
      const changes = { maxItems, intervalSeconds: intervalGiven ? interval : undefined };
      const { source } = await editSource({ db, actor: CLI_ACTOR, ref: arg!, changes });
      console.log(`已更新订阅源 #${source.id}：每 ${source.interval} 抓取，每次最多 ${source.max_items} 条（下次抓取生效）`);
      break;
    }
    case "list":
      printSources(await listSources({ db }));
      break;
    case "remove": {
      const removed = await deleteSource({ db, actor: CLI_ACTOR, ref: arg! });
      console.log(`已删除订阅源 #${removed.id}：${removed.url}（已收集的文章保留）`);
      break;
    }
    case "poll": {
      let ids: number[] | undefined;
      if (arg) {
        const source = await findSource({ db, ref: arg });
        if (!source) throw new SourceError(`没有找到订阅源：${arg}`);
        ids = [source.id];
      } else if (all) {
        ids = (await listSources({ db })).map((s) => s.id);
      }
      const results = await pollDue({ db, concurrency: config.FEED_CONCURRENCY, ids });
      const names = new Map((await listSources({ db })).map((s) => [s.id, s.title ?? s.url]));
      printResults(results, names);
      if (embeddingModel() && results.some((r) => r.status === "updated" && r.added > 0)) {
        let embedded = 0;
        for (let r = await embedPending(db, { batch: 32 }); r.embedded; r = await embedPending(db, { batch: 32 })) embedded += r.embedded;
        console.log(`已生成向量 ${embedded} 篇`);
      }
      if (results.length && results.every((r) => r.status === "failed")) exitCode = 1;
      break;
    }
    case "import": {
      const xml = await readFile(arg!, "utf8");
      const report = await importSources({ db, actor: CLI_ACTOR, xml, intervalSeconds: interval, maxItems, allowPrivate });
      for (const { url, reason } of report.skipped) console.log(`跳过 ${url}：${reason}`);
      console.log(`OPML 中有 ${report.total} 个订阅源，新增 ${report.added} 个${report.existing ? `，已有 ${report.existing} 个` : ""}`);
      break;
    }
    case "export":
      process.stdout.write(await exportSources({ db }));
      break;
  }
} catch (err) {
  exitCode = 1;
  if (err instanceof UsageError) console.error(`${err.message}\n\n${FEEDS_USAGE}`);
  else if (err instanceof ConfigError || err instanceof SourceError || err instanceof OpmlError || err instanceof ApiError) console.error(err.message);
  else if ((err as NodeJS.ErrnoException).code === "ENOENT") console.error(`找不到文件：${(err as NodeJS.ErrnoException).path}`);
  else console.error(`订阅源操作失败：${errorMessage(err)}`);
}
await closeDb().catch(() => {});
process.exit(exitCode);
