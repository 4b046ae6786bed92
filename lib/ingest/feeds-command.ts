// The commands of `npm run feeds` (scripts/feeds.ts, which runs one and exits): manage the feed sources the site
// collects articles from. The console's 订阅源 section runs the same functions (lib/admin/sources.ts); add, set,
// remove and import are recorded in its 操作记录 as done by 命令行. The usage: feeds-cli-args.ts.
import { readFile } from "node:fs/promises";
import { createSource, deleteSource, editSource, exportSources, importSources } from "@/lib/admin/sources";
import { embeddingModel } from "@/lib/ai/embeddings";
import { ApiError } from "@/lib/api/errors";
import { embedPending } from "@/lib/search/embeddings";
import { ConfigError, getConfig } from "@/lib/config";
import { getDbHandle } from "@/lib/db";
import { errorMessage } from "@/lib/log";
import { OpmlError } from "./opml";
import type { PollResult } from "./poll";
import { pollDue } from "./scheduler";
import { formatInterval } from "./schedule";
import { MAX_FEED_ITEMS } from "./feed-common";
import { FEEDS_USAGE, parseFeedsArgs, UsageError } from "./feeds-cli-args";
import { findSource, HEALTH_LABELS, listSources, SourceError, type SourceRow } from "./sources";

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

/** Where the command writes: its report (standard output) and its errors (standard error). */
export type FeedsOutput = { out: (text: string) => void; err: (text: string) => void };

function printSources(print: (line: string) => void, rows: SourceRow[]) {
  if (!rows.length) return print("还没有订阅源。用 npm run feeds -- add <地址> 添加。");
  for (const s of rows) {
    const head = `#${s.id} [${HEALTH_LABELS[s.health]}] ${s.title ?? "（未抓取）"} · ${s.platform ?? "自动识别"} · 每 ${formatInterval(s.intervalSeconds)}${perPoll(s.maxItems)} · ${s.articleCount} 篇`;
    print(head);
    print(`    ${s.url}${s.allowPrivate ? "（允许内网）" : ""}`);
    const lastError = s.errorCount ? ` · 连续失败 ${s.errorCount} 次：${s.lastError}` : "";
    print(`    上次成功 ${when(s.lastSuccessAt)} · 下次抓取 ${when(s.nextPollAt)}${lastError}`);
  }
  const unhealthy = rows.filter((s) => s.health === "unhealthy").length;
  const failing = rows.filter((s) => s.health === "failing").length;
  print(`共 ${rows.length} 个订阅源：正常 ${rows.filter((s) => s.health === "healthy").length}，出错 ${failing}，异常 ${unhealthy}`);
}

function printResults(print: (line: string) => void, results: PollResult[], names: Map<number, string>) {
  if (!results.length) return print("没有到期的订阅源（用 --all 立即抓取全部）");
  for (const r of results) {
    const name = names.get(r.sourceId) ?? `#${r.sourceId}`;
    if (r.status === "updated") print(`#${r.sourceId} ${name}：新增 ${r.added} 篇${r.duplicates ? `，已有 ${r.duplicates} 篇` : ""}`);
    else if (r.status === "not_modified") print(`#${r.sourceId} ${name}：没有更新（304）`);
    else print(`#${r.sourceId} ${name}：失败（第 ${r.errorCount} 次）— ${r.error}`);
  }
  const added = results.reduce((n, r) => n + (r.status === "updated" ? r.added : 0), 0);
  const failed = results.filter((r) => r.status === "failed").length;
  print(`抓取 ${results.length} 个订阅源，新增 ${added} 篇文章${failed ? `，${failed} 个失败` : ""}`);
}

/**
 * Runs one command (its arguments as typed after `npm run feeds --`) on the database lib/db opens, writing its
 * report to `output`; the exit code (1 when the command line is wrong, the command fails, or every polled source
 * failed). The database stays open: the caller closes it.
 */
export async function runFeedsCommand(argv: string[], output: FeedsOutput): Promise<number> {
  const print = (line: string) => output.out(`${line}\n`);
  let exitCode = 0;
  try {
    const { command, arg, platform, interval, intervalGiven, maxItems, allowPrivate, all } = parseFeedsArgs(argv);
    const config = getConfig();
    const { db } = await getDbHandle();
    switch (command) {
      case "add": {
        const input = { url: arg!, platform, intervalSeconds: interval, allowPrivate, maxItems };
        const { source, created } = await createSource({ db, actor: CLI_ACTOR, input });
        const settings = `平台：${source.platform ?? "按文章链接识别"}，每 ${source.interval} 抓取，每次最多 ${source.max_items} 条`;
        print(created ? `已添加订阅源 #${source.id}：${source.url}（${settings}）` : `订阅源已存在：#${source.id} ${source.url}（用 set 修改设置）`);
        break;
      }
      case "set": {
        const changes = { maxItems, intervalSeconds: intervalGiven ? interval : undefined };
        const { source } = await editSource({ db, actor: CLI_ACTOR, ref: arg!, changes });
        print(`已更新订阅源 #${source.id}：每 ${source.interval} 抓取，每次最多 ${source.max_items} 条（下次抓取生效）`);
        break;
      }
      case "list":
        printSources(print, await listSources({ db }));
        break;
      case "remove": {
        const removed = await deleteSource({ db, actor: CLI_ACTOR, ref: arg! });
        print(`已删除订阅源 #${removed.id}：${removed.url}（已收集的文章保留）`);
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
        printResults(print, results, names);
        if (embeddingModel() && results.some((r) => r.status === "updated" && r.added > 0)) {
          let embedded = 0;
          for (let r = await embedPending(db, { batch: 32 }); r.embedded; r = await embedPending(db, { batch: 32 })) embedded += r.embedded;
          print(`已生成向量 ${embedded} 篇`);
        }
        if (results.length && results.every((r) => r.status === "failed")) exitCode = 1;
        break;
      }
      case "import": {
        const xml = await readFile(arg!, "utf8");
        const report = await importSources({ db, actor: CLI_ACTOR, xml, intervalSeconds: interval, maxItems, allowPrivate });
        for (const { url, reason } of report.skipped) print(`跳过 ${url}：${reason}`);
        print(`OPML 中有 ${report.total} 个订阅源，新增 ${report.added} 个${report.existing ? `，已有 ${report.existing} 个` : ""}`);
        break;
      }
      case "export":
        output.out(await exportSources({ db }));
        break;
    }
  } catch (err) {
    exitCode = 1;
    if (err instanceof UsageError) output.err(`${err.message}\n\n${FEEDS_USAGE}\n`);
    else if (err instanceof ConfigError || err instanceof SourceError || err instanceof OpmlError || err instanceof ApiError) output.err(`${err.message}\n`);
    else if ((err as NodeJS.ErrnoException).code === "ENOENT") output.err(`找不到文件：${(err as NodeJS.ErrnoException).path}\n`);
    else output.err(`订阅源操作失败：${errorMessage(err)}\n`);
  }
  return exitCode;
}
