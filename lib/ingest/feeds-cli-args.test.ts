// The command line of `npm run feeds`: every mistake an operator can make in it, with its message, before any
// database is opened (lib/ingest/cli.int.test.ts runs the command itself, and prints one of these with the usage).
import { describe, expect, it } from "vitest";
import { parseFeedsArgs } from "./feeds-cli-args";

const mistake = (...argv: string[]) => {
  try {
    parseFeedsArgs(argv);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`accepted: ${argv.join(" ")}`);
};

describe("npm run feeds: the command line", () => {
  it("reads a command with its options, the interval in seconds and the default interval", () => {
    expect(parseFeedsArgs(["add", "https://example.com/feed", "--platform", "weibo", "--interval", "2h", "--allow-private", "--max-items", "10"])).toEqual({
      command: "add",
      arg: "https://example.com/feed",
      platform: "weibo",
      interval: 7200,
      intervalGiven: true,
      maxItems: 10,
      allowPrivate: true,
      all: false,
    });
    expect(parseFeedsArgs(["poll", "--all"])).toMatchObject({ command: "poll", arg: undefined, all: true, interval: 1800, intervalGiven: false, maxItems: undefined });
    expect(parseFeedsArgs(["set", "3", "--max-items=1000"])).toMatchObject({ command: "set", arg: "3", maxItems: 1000 });
  });

  it("names an unknown command, a missing command and a missing argument", () => {
    expect(mistake()).toBe("缺少命令");
    expect(mistake("bogus")).toBe("未知命令：bogus");
    expect(mistake("add")).toBe("add 需要订阅源地址");
    expect(mistake("remove")).toBe("remove 需要订阅源编号或地址");
    expect(mistake("import")).toBe("import 需要 OPML 文件路径");
    expect(mistake("set")).toBe("set 需要订阅源编号或地址");
    expect(mistake("set", "3")).toBe("set 需要 --max-items 或 --interval");
  });

  it("refuses --max-items outside 1–5000 or not a whole number, and an interval outside a minute to a day", () => {
    for (const bad of ["0", "5001", "abc", "2.5"]) expect(mistake("set", "3", "--max-items", bad)).toBe(`--max-items 需要 1 到 5000 之间的整数（当前：${bad}）`);
    expect(mistake("add", "https://example.com/y.xml", "--max-items=-3")).toBe("--max-items 需要 1 到 5000 之间的整数（当前：-3）");
    expect(mistake("add", "https://example.com/x", "--interval", "5")).toBe("--interval 需要 1 分钟到 1 天之间的时长，如 30m、2h、1d（当前：5）");
  });

  it("names an unknown option, and an option whose value starts with - (written --option=value)", () => {
    expect(mistake("list", "--max-item", "3")).toBe("未知选项：--max-item");
    expect(mistake("add", "https://example.com/y.xml", "--max-items", "-3")).toBe("选项 --max-items 需要一个取值（以 - 开头的取值写成 --max-items=取值）");
  });
});
