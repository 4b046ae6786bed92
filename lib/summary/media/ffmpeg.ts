import "server-only";
// The ffmpeg binary and the one fenced way to run it on untrusted bytes. The binary is FFMPEG_PATH when set,
// else an `ffmpeg` on PATH (a distribution's maintained build: the container installs Debian's), else the
// 2018 build the registry package @ffmpeg-installer/<platform> ships, as the last resort of a bare
// `npm start`; else none, and the pipeline keeps its frame-cutting path for MP3/AAC/WAV. Nothing is ever
// downloaded. Every run reads one local file (file protocol only, listed demuxers only), single-threaded,
// under CPU-time, address-space and wall-clock limits, and is killed with its whole process group.
import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { getConfig } from "@/lib/config";
import { log } from "@/lib/log";

/** What the reader is told when a media file needs ffmpeg and the server has none. */
export const FFMPEG_MISSING = "服务器上没有可用的 ffmpeg，无法处理这个音视频（管理员可安装 ffmpeg 并设置 FFMPEG_PATH，或安装依赖 @ffmpeg-installer/ffmpeg）";

/** Address space one ffmpeg run may map: Debian's build maps ~300 MB of libraries before it reads a byte. */
export const FFMPEG_MEMORY_BYTES = 1024 ** 3;

export type FfmpegSource = "FFMPEG_PATH" | "PATH" | "bundled";
export type FfmpegChoice = { path: string; source: FfmpegSource };

const g = globalThis as typeof globalThis & { __shiyueFfmpeg?: { key: string; choice: FfmpegChoice | null } };

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The binary @ffmpeg-installer ships for this platform, if it is installed. Looked up by path under the
 * working directory's node_modules — the checkout for the scripts and tests, the standalone directory for
 * the server (server.js runs there; the build copies the binary in) — not by `require.resolve`, which the
 * bundler would try to follow.
 */
function installerBinary(): string | null {
  const file = join(process.cwd(), "node_modules", "@ffmpeg-installer", `${process.platform}-${process.arch}`, process.platform === "win32" ? "ffmpeg.exe" : "ffmpeg");
  return executable(file) ? file : null;
}

/** The first `ffmpeg` in PATH's absolute directories. */
function onPath(): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const file = isAbsolute(dir) ? join(dir, process.platform === "win32" ? "ffmpeg.exe" : "ffmpeg") : "";
    if (file && executable(file)) return file;
  }
  return null;
}

/** The ffmpeg to run and where it came from, or null. A set FFMPEG_PATH that is not executable counts as none. */
export function ffmpegChoice(): FfmpegChoice | null {
  const configured = getConfig().FFMPEG_PATH;
  const key = `${configured ?? ""}\0${process.env.PATH ?? ""}`;
  if (g.__shiyueFfmpeg?.key !== key) {
    let choice: FfmpegChoice | null;
    if (configured) choice = executable(configured) ? { path: configured, source: "FFMPEG_PATH" } : null;
    else {
      const system = onPath();
      const bundled = system ? null : installerBinary();
      choice = system ? { path: system, source: "PATH" } : bundled ? { path: bundled, source: "bundled" } : null;
    }
    g.__shiyueFfmpeg = { key, choice };
  }
  return g.__shiyueFfmpeg.choice;
}

/** The ffmpeg to run, or null when there is none. */
export function ffmpegPath(): string | null {
  return ffmpegChoice()?.path ?? null;
}

/** Tests run the no-ffmpeg path by setting this to null; undefined goes back to the lookup. */
export function setFfmpegPath(path: string | null | undefined): void {
  const key = `${getConfig().FFMPEG_PATH ?? ""}\0${process.env.PATH ?? ""}`;
  g.__shiyueFfmpeg = path === undefined ? undefined : { key, choice: path ? { path, source: "FFMPEG_PATH" } : null };
}

export class FfmpegFailed extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
    this.name = "FfmpegFailed";
  }
}

/** How much of ffmpeg's log is kept for errors: its start (the input and its streams) and its end. */
const LOG_KEEP = 32 * 1024;

type RunOptions = { signal?: AbortSignal; timeoutMs: number; onLine?: (line: string) => void };

/**
 * Runs `bin args` in its own process group under the limits: no core file, CPU time as long as the wall-clock
 * limit (an ffmpeg left behind by a dead server still stops), FFMPEG_MEMORY_BYTES of address space. The shell
 * sets them and `exec`s ffmpeg, so the limits are ffmpeg's own. Answers the start and end of its output.
 */
function fenced(bin: string, args: string[], { signal, timeoutMs, onLine }: RunOptions): Promise<string> {
  const cpuSeconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const limits = `ulimit -c 0 && ulimit -t ${cpuSeconds} && ulimit -v ${FFMPEG_MEMORY_BYTES / 1024} && exec "$@"`;
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", limits, "ffmpeg", bin, ...args], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    let head = "";
    let tail = "";
    let partial = "";
    let why: string | null = null;
    const take = (text: string) => {
      if (head.length < LOG_KEEP) head += text;
      else tail = (tail + text).slice(-LOG_KEEP);
      if (!onLine) return;
      const lines = (partial + text).split(/\r?\n|\r/);
      partial = lines.pop() ?? "";
      lines.forEach(onLine);
    };
    child.stdout.setEncoding("utf8").on("data", take);
    child.stderr.setEncoding("utf8").on("data", take);
    const kill = (reason: string) => {
      why ??= reason;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL"); // the whole group: whatever ffmpeg started too
      } catch {
        // already gone
      }
    };
    const onAbort = () => kill("已取消");
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const timer = setTimeout(() => kill(`处理超时（超过 ${Math.round(timeoutMs / 1000)} 秒）`), timeoutMs);
    child.on("error", (err) => {
      why ??= `无法运行 ffmpeg（${err.message}）`;
    });
    child.on("close", (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (partial) onLine?.(partial);
      const output = tail ? `${head}\n…\n${tail}` : head;
      if (killedBy === "SIGXCPU") why ??= `处理超时（CPU 时间超过 ${cpuSeconds} 秒）`;
      if (why) reject(new FfmpegFailed(why, output));
      else if (code !== 0) reject(new FfmpegFailed(`ffmpeg 退出码 ${code ?? killedBy}`, output));
      else resolve(output);
    });
  });
}

/** The one input of a run: a local file, read by one of `formats` (ffmpeg demuxer names) only. */
export type FfmpegInput = { file: string; formats: readonly string[]; options?: string[] };

/**
 * Runs ffmpeg on `input` with the output arguments `output`, handing each line of its log to `onLine`;
 * answers the log's start and end. The input is read through the file protocol only (a playlist or a
 * reference inside a container cannot make ffmpeg open a URL or another file's protocol) and by the listed
 * demuxers only. Killed on `signal` or after `timeoutMs`; a non-zero exit rejects with FfmpegFailed carrying the log.
 */
export function runFfmpeg({ input, output }: { input: FfmpegInput; output: string[] }, opts: RunOptions): Promise<string> {
  const bin = ffmpegPath();
  if (!bin) return Promise.reject(new FfmpegFailed(FFMPEG_MISSING, ""));
  const args = [
    "-nostdin", "-hide_banner", "-nostats",
    "-threads", "1",
    "-protocol_whitelist", "file",
    "-format_whitelist", input.formats.join(","),
    ...(input.options ?? []),
    "-i", `file:${input.file}`,
    ...output,
  ];
  return fenced(bin, args, opts);
}

/**
 * One start-up log line saying which ffmpeg media summaries run: its path, where it came from and its
 * version (asked in the background, under the same limits); a warning for the bundled 2018 build or none.
 */
export async function logFfmpeg(): Promise<void> {
  const choice = ffmpegChoice();
  if (!choice) {
    log.warn("ffmpeg: none found; media summaries take only MP3/AAC/WAV up to 20 MB (install ffmpeg or set FFMPEG_PATH)");
    return;
  }
  let version: string;
  try {
    const output = await fenced(choice.path, ["-version"], { timeoutMs: 10_000 });
    version = output.split("\n")[0].trim();
  } catch (err) {
    log.warn("ffmpeg: does not start under the media limits", { ...choice, error: err instanceof FfmpegFailed ? `${err.message} ${err.stderr}`.slice(0, 300) : String(err) });
    return;
  }
  if (choice.source === "bundled") {
    log.warn("ffmpeg: the bundled 2018 build decodes untrusted media; install a maintained ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH", { ...choice, version });
  } else {
    log.info("ffmpeg", { ...choice, version });
  }
}
