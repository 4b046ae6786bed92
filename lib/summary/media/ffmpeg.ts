import "server-only";
// The ffmpeg binary and one way to run it. The binary is FFMPEG_PATH when set (e.g. Debian's /usr/bin/ffmpeg
// in the container), else the one the registry package @ffmpeg-installer/<platform> ships, else none: the
// pipeline then keeps its frame-cutting path for MP3/AAC/WAV. Nothing is ever downloaded.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { join } from "node:path";
import { getConfig } from "@/lib/config";

/** What the reader is told when a media file needs ffmpeg and the server has none. */
export const FFMPEG_MISSING = "服务器上没有可用的 ffmpeg，无法处理这个音视频（管理员可安装 ffmpeg 并设置 FFMPEG_PATH，或安装依赖 @ffmpeg-installer/ffmpeg）";

const g = globalThis as typeof globalThis & { __shiyueFfmpeg?: { key: string; path: string | null } };

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
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

/** The ffmpeg to run, or null when there is none. A set FFMPEG_PATH that is not executable counts as none. */
export function ffmpegPath(): string | null {
  const configured = getConfig().FFMPEG_PATH;
  const key = configured ?? "";
  if (g.__shiyueFfmpeg?.key !== key) {
    g.__shiyueFfmpeg = { key, path: configured ? (executable(configured) ? configured : null) : installerBinary() };
  }
  return g.__shiyueFfmpeg.path;
}

/** Tests run the no-ffmpeg path by setting this to null; undefined goes back to the lookup. */
export function setFfmpegPath(path: string | null | undefined): void {
  g.__shiyueFfmpeg = path === undefined ? undefined : { key: getConfig().FFMPEG_PATH ?? "", path };
}

export class FfmpegFailed extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
    this.name = "FfmpegFailed";
  }
}

/** How much of ffmpeg's log is kept for errors: its start (the input and its streams) and its end. */
const LOG_KEEP = 32 * 1024;

/**
 * Runs ffmpeg with `args`, handing each line of its log (stderr) to `onLine`; answers the log's start and
 * end. Killed on `signal` or after `timeoutMs`; a non-zero exit rejects with FfmpegFailed carrying the log.
 */
export function runFfmpeg(
  args: string[],
  { signal, timeoutMs, onLine }: { signal?: AbortSignal; timeoutMs: number; onLine?: (line: string) => void },
): Promise<string> {
  const bin = ffmpegPath();
  if (!bin) return Promise.reject(new FfmpegFailed(FFMPEG_MISSING, ""));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["-nostdin", "-hide_banner", "-nostats", ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let head = "";
    let tail = "";
    let partial = "";
    let why: string | null = null;
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      if (head.length < LOG_KEEP) head += text;
      else tail = (tail + text).slice(-LOG_KEEP);
      if (!onLine) return;
      const lines = (partial + text).split(/\r?\n|\r/);
      partial = lines.pop() ?? "";
      lines.forEach(onLine);
    });
    const kill = (reason: string) => {
      why ??= reason;
      child.kill("SIGKILL");
    };
    const onAbort = () => kill("已取消");
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const timer = setTimeout(() => kill(`处理超时（超过 ${Math.round(timeoutMs / 1000)} 秒）`), timeoutMs);
    child.on("error", (err) => {
      why ??= `无法运行 ffmpeg（${err.message}）`;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (partial) onLine?.(partial);
      const log = tail ? `${head}\n…\n${tail}` : head;
      if (why) reject(new FfmpegFailed(why, log));
      else if (code !== 0) reject(new FfmpegFailed(`ffmpeg 退出码 ${code}`, log));
      else resolve(log);
    });
  });
}
