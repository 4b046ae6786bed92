// Issue 20's media targets: a 2-hour MP3 (≈110 MB) and a 1-hour MP4 lecture (video + speech-like audio),
// made with ffmpeg, served on loopback and summarised in-process by the real pipeline (stream to disk,
// extract, cut on pauses, parallel transcription, summary) against the loopback OpenAI-compatible provider,
// with its progress written to a database. Measured: wall time from the task's start to its result, minus
// the time spent inside provider requests; the peak resident memory of this process above its idle level,
// and of this process with its ffmpeg children. Targets: ≤ 60 s, ≤ 300 MB.
//
//   npm run bench:media                      PGlite in memory (-- --only mp4: one case, in a fresh process)
//   BENCH_MEDIA_DATABASE_URL=postgres://…    on PostgreSQL instead
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getConfig, resetConfig } from "@/lib/config";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { summaryTasks, users } from "@/lib/db/schema";
import { ffmpegPath } from "@/lib/summary/media/ffmpeg";
import { MEDIA_TMP_PREFIX } from "@/lib/summary/media/transcript";
import { runSummaryTask } from "@/lib/summary/pipeline";
import { reportProgress } from "@/lib/summary/queue";
import { initialSteps } from "@/lib/summary/service";
import { makeBenchMedia } from "./media-files";
import { startMediaServer } from "@/test/media";
import { startFakeOpenAI } from "@/test/openai-server";

const TARGET_SECONDS = 60;
const TARGET_MB = 300;

const rssOf = (pid: number | "self") => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
const children = () => {
  try {
    return readdirSync("/proc/self/task").flatMap((t) => readFileSync(`/proc/self/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
};

export type MediaBenchRow = { name: string; bytes: number; seconds: number; pieces: number; wallS: number; providerS: number; pipelineS: number; rssAboveIdleMb: number; withFfmpegMb: number; ok: boolean };

export async function mediaPipeline(databaseUrl?: string): Promise<MediaBenchRow[]> {
  const bin = ffmpegPath();
  if (!bin) throw new Error("no ffmpeg: install @ffmpeg-installer/ffmpeg or set FFMPEG_PATH");
  const work = mkdtempSync(join(tmpdir(), "shiyue-bench-media-"));
  // The pipeline's temporary directories go under the bench's own, so the check below sees only them.
  const scratch = join(work, "tmp");
  mkdirSync(scratch);
  const savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
  const site = await startMediaServer();
  const provider = await startFakeOpenAI();
  let providerMs = 0;
  let pieces = 0;
  provider.transcription(() => {
    provider.requests.length = 0; // the fake provider keeps every request body: not the pipeline's memory
    pieces++;
    return { text: `这一段讲了第 ${pieces} 个话题，先介绍背景，再给出例子，最后总结要点。` };
  });
  const env = { ALLOW_PRIVATE_URLS: "1", OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-chat", AI_TRANSCRIBE_MODEL: "fake-whisper" };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  resetConfig();
  getConfig();
  // Time spent inside provider requests, measured where the pipeline makes them (fetch is the SDK's transport).
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (...args) => {
    const t = performance.now();
    try {
      return await realFetch(...args);
    } finally {
      providerMs += performance.now() - t;
    }
  };
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory://" });
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const [reader] = await db.insert(users).values({ accountName: `media_bench_${process.pid}` }).returning();
    const rows: MediaBenchRow[] = [];
    const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
    const files = makeBenchMedia(bin, work).filter((m) => !only || m.name.includes(only));
    // Idle: the process with its database open and migrated, before any media went through it.
    await new Promise((r) => setTimeout(r, 500));
    const idle = rssOf("self");
    for (const media of files) {
      site.serve(`/${media.name}`, { file: media.file, type: media.type });
      const url = `${site.url}/${media.name}`;
      const [task] = await db.insert(summaryTasks).values({ userId: reader.id, url, normalizedUrl: url, method: "knowledge", status: "processing", leaseOwner: "bench", leaseExpiresAt: new Date(Date.now() + 3_600_000), steps: initialSteps() }).returning();
      let peak = idle;
      let peakAll = idle;
      const sampler = setInterval(() => {
        const own = rssOf("self");
        peak = Math.max(peak, own);
        peakAll = Math.max(peakAll, own + children().reduce((sum, pid) => sum + rssOf(pid), 0));
      }, 25);
      providerMs = 0;
      pieces = 0;
      const started = performance.now();
      let ok = false;
      try {
        const out = await runSummaryTask(task, { signal: new AbortController().signal, report: async (p) => void (await reportProgress({ db, taskId: task.id, workerId: "bench", ...p })) });
        ok = Boolean(out.result.content);
      } catch (err) {
        console.error(`${media.name}: ${(err as Error).message}`);
      }
      const wall = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const mbOf = (b: number) => Math.round(b / 1024 / 1024);
      const left = readdirSync(scratch).filter((f) => f.startsWith(MEDIA_TMP_PREFIX));
      if (left.length) throw new Error(`temporary directories left behind: ${left.join(", ")}`);
      const row = {
        name: media.name,
        bytes: statSync(media.file).size,
        seconds: media.seconds,
        pieces,
        wallS: Math.round(wall * 10) / 10,
        providerS: Math.round(providerMs / 100) / 10,
        pipelineS: Math.round((wall - providerMs / 1000) * 10) / 10,
        rssAboveIdleMb: mbOf(peak - idle),
        withFfmpegMb: mbOf(peakAll - idle),
        ok,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
      rmSync(media.file);
    }
    return rows;
  } finally {
    globalThis.fetch = realFetch;
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfig();
    await handle.close();
    await site.close();
    await provider.close();
    rmSync(work, { recursive: true, force: true });
  }
}

export function mediaTable(rows: MediaBenchRow[]): string {
  const lines = [
    "| media | size | length | pieces | pipeline (provider excluded) | target | peak RSS above idle (node / with ffmpeg) | target |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.name} | ${Math.round(r.bytes / 1024 / 1024)} MB | ${Math.round(r.seconds / 60)} min | ${r.pieces} | ${r.pipelineS} s (wall ${r.wallS} s, provider ${r.providerS} s) | ≤ ${TARGET_SECONDS} s ${r.ok && r.pipelineS <= TARGET_SECONDS ? "✓" : "✗"} | ${r.rssAboveIdleMb} MB / ${r.withFfmpegMb} MB | ≤ ${TARGET_MB} MB ${r.withFfmpegMb <= TARGET_MB ? "✓" : "✗"} |`),
  ];
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await mediaPipeline(process.env.BENCH_MEDIA_DATABASE_URL);
  console.log(`\n${mediaTable(rows)}`);
}
