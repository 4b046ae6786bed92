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
import { parseArgs } from "node:util";
import { createSource, deleteSource, editSource, exportSources, importSources } from "@/lib/admin/sources";
import { embeddingModel } from "@/lib/ai/embeddings";
import { ApiError } from "@/lib/api/errors";
import { embedPending } from "@/lib/search/embeddings";
import { PLATFORMS } from "@/lib/articles/platforms";
import { ConfigError, getConfig } from "@/lib/config";
import { closeDb, getDbHandle } from "@/lib/db";
import { errorMessage } from "@/lib/log";
import { OpmlError } from "@/lib/ingest/opml";
import type { PollResult } from "@/lib/ingest/poll";
import { pollDue } from "@/lib/ingest/scheduler";
import { formatInterval, parseInterval } from "@/lib/ingest/schedule";
import { MAX_FEED_ITEMS, MAX_FEED_ITEMS_LIMIT } from "@/lib/ingest/feed-common";
import { DEFAULT_INTERVAL_SECONDS, findSource, HEALTH_LABELS, listSources, SourceError, type SourceRow } from "@/lib/ingest/sources";

const USAGE = `用法：npm run feeds -- <命令>
  add <订阅源地址> [--platform 平台] [--interval 30m] [--allow-private] [--max-items ${MAX_FEED_ITEMS}]
  set <编号|地址> [--max-items 条数] [--interval 30m]
  list
  remove <编号|地址>
  poll [--all | <编号|地址>]
  import <OPML 文件>
  export
平台：${PLATFORMS.map((p) => p.key).join(", ")}
--max-items：每次抓取保留订阅源中最新的多少条（按发布时间），1–${MAX_FEED_ITEMS_LIMIT}，默认 ${MAX_FEED_ITEMS}`;

class UsageError extends Error {}

const CLI_ACTOR = { id: null, name: "命令行" };

/** `--max-items`: a whole number of items, 1 to MAX_FEED_ITEMS_LIMIT; undefined when not given. */
function parseMaxItems(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^\d{1,6}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (n >= 1 && n <= MAX_FEED_ITEMS_LIMIT) return n;
  throw new UsageError(`--max-items 需要 1 到 ${MAX_FEED_ITEMS_LIMIT} 之间的整数（当前：${raw}）`);
}

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

/** The command line; Node's parse errors (an unknown option, an option without its value) as UsageError. */
function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        platform: { type: "string" },
        interval: { type: "string" },
        "max-items": { type: "string" },
        "allow-private": { type: "boolean", default: false },
        all: { type: "boolean", default: false },
      },
    });
  } catch (err) {
    const option = /'(-[^'\s]+)/.exec(errorMessage(err))?.[1] ?? "";
    if ((err as NodeJS.ErrnoException).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`未知选项：${option}`);
    throw new UsageError(`选项 ${option} 需要一个取值（以 - 开头的取值写成 ${option}=取值）`);
  }
}

process.env.LOG_LEVEL ??= "error"; // the command prints its own report; keep the JSON log lines out of it
let exitCode = 0;
try {
  const { values, positionals } = parseCommandLine();
  const config = getConfig();
  const [command, arg] = positionals;
  if (!command) throw new UsageError("缺少命令");
  const interval = values.interval === undefined ? DEFAULT_INTERVAL_SECONDS : parseInterval(values.interval);
  if (interval === null) throw new UsageError(`--interval 需要 1 分钟到 1 天之间的时长，如 30m、2h、1d（当前：${values.interval}）`);
  const maxItems = parseMaxItems(values["max-items"]);
  const { db } = await getDbHandle();
  switch (command) {
    case "add": {
      if (!arg) throw new UsageError("add 需要订阅源地址");
      const input = { url: arg, platform: values.platform, intervalSeconds: interval, allowPrivate: values["allow-private"], maxItems };
      const { source, created } = await createSource({ db, actor: CLI_ACTOR, input });
      const settings = `平台：${source.platform ?? "按文章链接识别"}，每 ${source.interval} 抓取，每次最多 ${source.max_items} 条`;
      console.log(created ? `已添加订阅源 #${source.id}：${source.url}（${settings}）` : `订阅源已存在：#${source.id} ${source.url}（用 set 修改设置）`);
      break;
    }
    case "set": {
      if (!arg) throw new UsageError("set 需要订阅源编号或地址");
      if (maxItems === undefined && values.interval === undefined) throw new UsageError("set 需要 --max-items 或 --interval");
      const changes = { maxItems, intervalSeconds: values.interval === undefined ? undefined : interval };
      const { source } = await editSource({ db, actor: CLI_ACTOR, ref: arg, changes });
      console.log(`已更新订阅源 #${source.id}：每 ${source.interval} 抓取，每次最多 ${source.max_items} 条（下次抓取生效）`);
      break;
    }
    case "list":
      printSources(await listSources({ db }));
      break;
    case "remove": {
      if (!arg) throw new UsageError("remove 需要订阅源编号或地址");
      const removed = await deleteSource({ db, actor: CLI_ACTOR, ref: arg });
      console.log(`已删除订阅源 #${removed.id}：${removed.url}（已收集的文章保留）`);
      break;
    }
    case "poll": {
      let ids: number[] | undefined;
      if (arg) {
        const source = await findSource({ db, ref: arg });
        if (!source) throw new SourceError(`没有找到订阅源：${arg}`);
        ids = [source.id];
      } else if (values.all) {
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
      if (!arg) throw new UsageError("import 需要 OPML 文件路径");
      const xml = await readFile(arg, "utf8");
      const report = await importSources({ db, actor: CLI_ACTOR, xml, intervalSeconds: interval, maxItems, allowPrivate: values["allow-private"] });
      for (const { url, reason } of report.skipped) console.log(`跳过 ${url}：${reason}`);
      console.log(`OPML 中有 ${report.total} 个订阅源，新增 ${report.added} 个${report.existing ? `，已有 ${report.existing} 个` : ""}`);
      break;
    }
    case "export":
      process.stdout.write(await exportSources({ db }));
      break;
    default:
      throw new UsageError(`未知命令：${command}`);
  }
} catch (err) {
  exitCode = 1;
  if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
  else if (err instanceof ConfigError || err instanceof SourceError || err instanceof OpmlError || err instanceof ApiError) console.error(err.message);
  else if ((err as NodeJS.ErrnoException).code === "ENOENT") console.error(`找不到文件：${(err as NodeJS.ErrnoException).path}`);
  else console.error(`订阅源操作失败：${errorMessage(err)}`);
}
await closeDb().catch(() => {});
process.exit(exitCode);
