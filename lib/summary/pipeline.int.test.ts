import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "@/app/api/summary/create-task/route";
import { GET as status } from "@/app/api/summary/task/[id]/status/route";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { call } from "@/test/api";
import { CHARSET_FIXTURES, charsetSource } from "@/test/charsets";
import { NEWS_TITLE, startFixtureServer, type FixtureServer } from "@/test/fixture-server";
import { startFakeOpenAI, type FakeOpenAI } from "@/test/openai-server";
import { guardEgress } from "@/test/no-egress";
import { newUser } from "@/test/users";
import { LOCAL_NOTICE } from "./local/summarize";
import { setFfmpegPath } from "./media/ffmpeg";
import { runSummaryTask } from "./pipeline";
import { startSummaryWorkers, stopSummaryWorkers } from "./worker";

let site: FixtureServer;
let provider: FakeOpenAI;
let token = "";

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
}

async function summarize(path: string, method: string) {
  const res = await call(create, "/api/summary/create-task", { json: { url: /^https?:/.test(path) ? path : `${site.url}${path}`, method }, token });
  expect(res.status).toBe(200);
  const id = res.body.task_id as string;
  let body: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        body = (await call(status, `/api/summary/task/${id}/status`, { token, params: { id } })).body;
        return body.status;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toMatch(/completed|failed/);
  return body as { status: string; error: string | null; progress: number; result: { title: string; content: string; summary: string } | null; steps: Record<string, { status: string; message: string; error: string | null }> };
}

beforeAll(async () => {
  site = await startFixtureServer();
  provider = await startFakeOpenAI();
  // An account older than a day: the file runs more summaries than a new account may start in a day.
  token = (await newUser("sum", { createdAt: new Date(Date.now() - 2 * 86_400_000) })).token;
  setEnv({ ALLOW_PRIVATE_URLS: "1", OPENAI_API_KEY: undefined, AI_CHAT_MODEL: undefined, AI_TRANSCRIBE_MODEL: undefined });
  startSummaryWorkers({ getDb, run: runSummaryTask, concurrency: 2, pollMs: 30 });
});

afterEach(async () => {
  await (await getDb()).execute(sql`delete from summary_tasks`);
});

afterAll(async () => {
  await stopSummaryWorkers();
  setEnv({ ALLOW_PRIVATE_URLS: undefined, OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, AI_CHAT_MODEL: undefined, AI_TRANSCRIBE_MODEL: undefined });
  await site.close();
  await provider.close();
});

describe("summaries with the local engine", () => {
  it.each([
    ["quick", "## 要点"],
    ["detailed", "###"],
    ["knowledge", "## 关键词"],
    ["storyboard", "### 场景"],
  ])("%s summary of a news article", async (method, heading) => {
    const s = await summarize("/news", method);
    expect(s.status).toBe("completed");
    expect(s.progress).toBe(100);
    expect(s.result!.title).toBe(NEWS_TITLE);
    expect(s.result!.content.startsWith(LOCAL_NOTICE)).toBe(true);
    expect(s.result!.content).toContain(heading);
    expect(s.result!.summary.length).toBeGreaterThan(10);
    expect(s.steps.fetch.status).toBe("completed");
    expect(s.steps.process.status).toBe("completed");
    expect(s.steps.summarize.status).toBe("completed");
  });

  it("storyboards a video page from its subtitle track, with timestamps", async () => {
    const s = await summarize("/video", "storyboard");
    expect(s.status).toBe("completed");
    expect(s.steps.transcribe).toMatchObject({ status: "completed" });
    expect(s.steps.transcribe.message).toContain("字幕");
    expect(s.result!.content).toMatch(/### 场景 1（\d\d:\d\d–\d\d:\d\d）/);
  });

  it("fails the fetch step of a missing page with the reason", async () => {
    const s = await summarize("/missing", "quick");
    expect(s).toMatchObject({ status: "failed", error: "目标网页返回 404" });
    expect(s.steps.fetch).toMatchObject({ status: "error", error: "目标网页返回 404" });
  });

  it("says a media link needs a speech-to-text model when none is configured", async () => {
    const s = await summarize("/episode.mp3", "quick");
    expect(s.status).toBe("failed");
    expect(s.steps.transcribe.status).toBe("error");
    expect(s.error).toContain("AI_TRANSCRIBE_MODEL");
  });

  it("refuses a private address when private URLs are not allowed", async () => {
    setEnv({ ALLOW_PRIVATE_URLS: undefined });
    try {
      const before = site.requests.length;
      const s = await summarize("/news", "quick");
      expect(s.status).toBe("failed");
      expect(s.error).toContain("内网");
      expect(site.requests.length).toBe(before);
    } finally {
      setEnv({ ALLOW_PRIVATE_URLS: "1" });
    }
  });

  it("refuses a public host's port other than 80 and 443 before looking it up or connecting", async () => {
    setEnv({ ALLOW_PRIVATE_URLS: undefined });
    const egress = guardEgress(); // answers lookups with a public address and refuses any connection off loopback
    const reader = token;
    token = (await newUser("port")).token; // its own account: the file's others keep their day's budget
    try {
      const s = await summarize("http://cache.example.com:6379/", "quick");
      expect(s).toMatchObject({ status: "failed", error: "出于安全考虑，只能访问 80、443 端口的网址（这个链接的端口是 6379）" });
      expect(s.steps.fetch.status).toBe("error");
      expect(egress.lookups).toEqual([]);
      expect(egress.attempts).toEqual([]);
    } finally {
      egress.restore();
      token = reader;
      setEnv({ ALLOW_PRIVATE_URLS: "1" });
    }
  });
});

// The audio fixtures here are MPEG frames written byte by byte (test/audio.ts), not decodable audio: they
// exercise the in-memory path that runs when no ffmpeg is available. Real media through ffmpeg is tested in
// media/media.int.test.ts.
describe("pages that declare no charset", () => {
  it.each(CHARSET_FIXTURES)("summarises an undeclared $name page ($language) from its real text", async ({ name }) => {
    const source = charsetSource(`${name}-page.html`);
    const paragraphs = [...source.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]).slice(0, -1); // the footer is not the article
    const s = await summarize(`/charsets/${name}-page.html`, "quick");
    expect(s.status).toBe("completed");
    expect(s.result!.title).toBe(source.match(/<h1>(.*?)<\/h1>/)![1]);
    expect(s.steps.process.message).toBe(`已提取正文（${paragraphs.join("\n\n").length} 字）`);
    // The local engine quotes whole sentences of the page.
    const sentences = paragraphs.flatMap((p) => p.match(/[^。．.!?！？]+[。．.!?！？]/g) ?? []).map((t) => t.trim());
    expect(sentences.filter((sentence) => s.result!.content.includes(sentence)).length).toBeGreaterThan(0);
    expect(s.result!.content).not.toContain("\ufffd");
  });
});

describe("summaries with a provider, without ffmpeg", () => {
  beforeAll(() => {
    setEnv({ OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_TRANSCRIBE_MODEL: "fake-whisper" });
    setFfmpegPath(null);
  });
  afterAll(() => {
    setEnv({ OPENAI_API_KEY: undefined, AI_CHAT_MODEL: undefined, AI_TRANSCRIBE_MODEL: undefined });
    setFfmpegPath(undefined);
  });

  it("transcribes a podcast episode and has the model write the summary", async () => {
    provider.chat((body) => {
      const prompt = (body.messages as { content: string }[]).at(-1)!.content;
      return { chunks: [{ content: prompt.includes("转写：fake-whisper") ? "## 播客要点\n- 模型读到了转写稿" : "没有读到转写稿" }] };
    });
    const s = await summarize("/podcast.xml", "quick");
    expect(s.status).toBe("completed");
    expect(s.steps.transcribe.status).toBe("completed");
    expect(s.result!.content).toBe("## 播客要点\n- 模型读到了转写稿");
  });

  it("takes a feed's newest episode through the feed reader, whatever the order of the file", async () => {
    provider.chat(() => ({ chunks: [{ content: "## 播客要点\n- 最新一期" }] }));
    const s = await summarize("/podcast-oldest-first.xml", "quick");
    expect(s.status).toBe("completed");
    const episodes = site.requests.filter((r) => r.path.startsWith("/episode.mp3?ep="));
    expect(episodes.map((r) => r.path)).toEqual(["/episode.mp3?ep=42"]);
    expect(s.result!.title).toBe("第 42 期：在城市里寻找一座图书馆");
  });

  it("transcribes a 25-minute recording in three timed pieces and hands the model the timestamps", async () => {
    provider.chat((body) => {
      const prompt = (body.messages as { content: string }[]).at(-1)!.content;
      return { chunks: [{ content: ["[00:00]", "[10:00]", "[20:00]"].every((t) => prompt.includes(t)) ? "## 分镜\n- 三段都有时间" : "缺少时间戳" }] };
    });
    const before = provider.requests.filter((r) => r.path === "/v1/audio/transcriptions").length;
    const s = await summarize("/long-episode.mp3", "storyboard");
    expect(s.status).toBe("completed");
    expect(provider.requests.filter((r) => r.path === "/v1/audio/transcriptions").length - before).toBe(3);
    expect(s.steps.transcribe.message).toContain("共 3 段");
    expect(s.result!.content).toBe("## 分镜\n- 三段都有时间");
  });

  it("names the piece that failed when the provider cannot transcribe it", async () => {
    provider.transcription((call) => (call === 0 ? { text: "第一段讲了开场" } : { status: 500 }));
    try {
      const s = await summarize("/long-episode.mp3", "quick");
      expect(s.status).toBe("failed");
      expect(s.steps.transcribe).toMatchObject({ status: "error", error: "语音转写失败（第 2/3 段）：模型服务出错（500）" });
    } finally {
      provider.transcription(null);
    }
  });

  it("fails the summarize step with the provider's reason after its retries", async () => {
    provider.chat(() => ({ status: 503 }));
    const s = await summarize("/blog", "detailed");
    expect(s.status).toBe("failed");
    expect(s.steps.summarize.status).toBe("error");
    expect(s.error).toContain("模型服务出错（503）");
  });
});
