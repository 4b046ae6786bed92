// The command line of `npm run feeds` (scripts/feeds.ts): parsed and checked here, before any database is opened,
// so every mistake an operator can make in it gets its message and the usage text at once.
import { parseArgs } from "node:util";
import { PLATFORMS } from "@/lib/articles/platforms";
import { errorMessage } from "@/lib/log";
import { MAX_FEED_ITEMS, MAX_FEED_ITEMS_LIMIT } from "./feed-common";
import { DEFAULT_INTERVAL_SECONDS, parseInterval } from "./schedule";

export const FEEDS_USAGE = `用法：npm run feeds -- <命令>
  add <订阅源地址> [--platform 平台] [--interval 30m] [--allow-private] [--max-items ${MAX_FEED_ITEMS}]
  set <编号|地址> [--max-items 条数] [--interval 30m]
  list
  remove <编号|地址>
  poll [--all | <编号|地址>]
  import <OPML 文件>
  export
平台：${PLATFORMS.map((p) => p.key).join(", ")}
--max-items：每次抓取保留订阅源中最新的多少条（按发布时间），1–${MAX_FEED_ITEMS_LIMIT}，默认 ${MAX_FEED_ITEMS}`;

/** A mistake in the command line: printed with FEEDS_USAGE, exit code 1. */
export class UsageError extends Error {}

const COMMANDS = ["add", "set", "list", "remove", "poll", "import", "export"] as const;
export type FeedsCommand = (typeof COMMANDS)[number];

/** What each command needs after its name, and the message when it is missing. */
const NEEDS_ARG: Partial<Record<FeedsCommand, string>> = {
  add: "add 需要订阅源地址",
  set: "set 需要订阅源编号或地址",
  remove: "remove 需要订阅源编号或地址",
  import: "import 需要 OPML 文件路径",
};

export type FeedsArgs = {
  command: FeedsCommand;
  arg: string | undefined;
  platform: string | undefined;
  /** Seconds between polls: `--interval`, else the default. */
  interval: number;
  intervalGiven: boolean;
  maxItems: number | undefined;
  allowPrivate: boolean;
  all: boolean;
};

/** `--max-items`: a whole number of items, 1 to MAX_FEED_ITEMS_LIMIT; undefined when not given. */
function parseMaxItems(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^\d{1,6}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (n >= 1 && n <= MAX_FEED_ITEMS_LIMIT) return n;
  throw new UsageError(`--max-items 需要 1 到 ${MAX_FEED_ITEMS_LIMIT} 之间的整数（当前：${raw}）`);
}

/** Node's parse errors (an unknown option, an option without its value) as UsageError. */
function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
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

/** The command line after `npm run feeds --`, checked; throws UsageError with the operator's mistake. */
export function parseFeedsArgs(argv: string[]): FeedsArgs {
  const { values, positionals } = parse(argv);
  const [command, arg] = positionals;
  if (!command) throw new UsageError("缺少命令");
  if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`未知命令：${command}`);
  const interval = values.interval === undefined ? DEFAULT_INTERVAL_SECONDS : parseInterval(values.interval);
  if (interval === null) throw new UsageError(`--interval 需要 1 分钟到 1 天之间的时长，如 30m、2h、1d（当前：${values.interval}）`);
  const maxItems = parseMaxItems(values["max-items"]);
  const name = command as FeedsCommand;
  const missing = NEEDS_ARG[name];
  if (missing && !arg) throw new UsageError(missing);
  if (name === "set" && maxItems === undefined && values.interval === undefined) throw new UsageError("set 需要 --max-items 或 --interval");
  return {
    command: name,
    arg,
    platform: values.platform,
    interval,
    intervalGiven: values.interval !== undefined,
    maxItems,
    allowPrivate: values["allow-private"],
    all: values.all,
  };
}
