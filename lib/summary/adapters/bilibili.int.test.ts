import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import type { SummaryTask } from "@/lib/db/schema";
import { runSummaryTask } from "../pipeline";
import { initialSteps } from "../service";
import { StepFailure } from "../worker";
import { setSiteAdapters } from ".";
import { bilibiliAdapter } from "./bilibili";

// Responses in the format of Bilibili's public web API, written for this project (fixtures/*.json).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
let server: Server;
let base = "";
const seen: string[] = [];
let noSubtitles = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const body =
      path === "/x/web-interface/view"
        ? fixture("view.json")
        : path === "/x/player/wbi/v2"
          ? noSubtitles
            ? JSON.stringify({ code: 0, data: { subtitle: { subtitles: [] } } })
            : fixture("player.json").replaceAll("SUBTITLE_HOST", base.replace("http://", ""))
          : path === "/zh.json"
            ? fixture("subtitle.json")
            : null;
    res.writeHead(body ? 200 : 404, { "content-type": "application/json; charset=utf-8" });
    res.end(body ?? "{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.ALLOW_PRIVATE_URLS = "1";
  resetConfig();
  setSiteAdapters([bilibiliAdapter({ apiBase: base })]);
});

afterAll(async () => {
  setSiteAdapters(undefined);
  delete process.env.ALLOW_PRIVATE_URLS;
  resetConfig();
  await new Promise((r) => server.close(r));
});

const task = (url: string) =>
  ({ id: 1, uuid: "t", userId: 1, url, normalizedUrl: url, method: "storyboard", status: "processing", progress: 0, steps: initialSteps(), result: null, error: null, leaseOwner: null, leaseExpiresAt: null, attempts: 1, articleId: null, createdAt: new Date(), startedAt: null, completedAt: null, updatedAt: new Date() }) as SummaryTask;
const ctx = { signal: new AbortController().signal, report: async () => {} };

describe("the Bilibili adapter", () => {
  it("summarises a video part from its Chinese subtitles, with timestamps, never fetching the page", async () => {
    const { result, steps } = await runSummaryTask(task("https://www.bilibili.com/video/BV1xx411c7mD/?p=2&spm_id_from=333"), ctx);
    expect(result.title).toBe("【图解】二十分钟讲清数据库索引（P2 联合索引与最左前缀）");
    expect(steps.transcribe).toMatchObject({ status: "completed", message: "已读取字幕（6 条）" });
    expect(result.content).toMatch(/### 场景 1（00:00–\d\d:\d\d）/);
    expect(result.content).toContain("最左前缀原则");
    expect(seen.some((u) => u.includes("cid=222"))).toBe(true);
    expect(seen.some((u) => u === "/ai.json")).toBe(false);
  });

  it("says so when a video has no public subtitles", async () => {
    noSubtitles = true;
    const err = await runSummaryTask(task("https://www.bilibili.com/video/BV1xx411c7mD"), ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StepFailure);
    expect((err as StepFailure).message).toBe("这个视频没有公开字幕，暂时无法总结");
    expect((err as StepFailure).steps.fetch.status).toBe("error");
    noSubtitles = false;
  });

  it("leaves other links to the page fetcher", () => {
    const a = bilibiliAdapter();
    expect(a.matches("https://www.bilibili.com/video/BV1xx411c7mD")).toBe(true);
    expect(a.matches("https://m.bilibili.com/video/BV1xx411c7mD?p=3")).toBe(true);
    expect(a.matches("https://live.bilibili.com/123")).toBe(false);
    expect(a.matches("https://example.com/video/BV1xx411c7mD")).toBe(false);
  });
});
