import "server-only";
// A media body streamed to a file: never held in memory, stopped at the size limit, at a total time
// limit and when no byte came for a while. The caller owns the directory and removes it in every outcome.
import { createWriteStream } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MEDIA_DOWNLOAD_TIMEOUT_MS, MEDIA_IDLE_TIMEOUT_MS, MEDIA_MAX_BYTES } from "../constants";
import { FetchRefused, tooLargeMessage, type OpenedFetch } from "../fetch";

export type DownloadOptions = {
  maxBytes?: number;
  timeoutMs?: number;
  idleMs?: number;
  signal?: AbortSignal;
  /** Called at most once a second with the bytes written so far and the declared length. */
  onProgress?: (bytes: number, length: number | null) => void;
};

/** Writes the opened response's body to `file`; answers its size. Throws FetchRefused with the reason. */
export async function downloadTo(
  opened: OpenedFetch,
  file: string,
  { maxBytes = MEDIA_MAX_BYTES, timeoutMs = MEDIA_DOWNLOAD_TIMEOUT_MS, idleMs = MEDIA_IDLE_TIMEOUT_MS, signal, onProgress }: DownloadOptions = {},
): Promise<number> {
  if (opened.length !== null && opened.length > maxBytes) {
    opened.close();
    throw new FetchRefused("too_large", tooLargeMessage(maxBytes));
  }
  let bytes = 0;
  let reported = Date.now();
  let refusal: FetchRefused | null = null;
  const stop = (why: FetchRefused) => {
    refusal ??= why;
    opened.close();
    opened.body.destroy(why);
  };
  const total = setTimeout(() => stop(new FetchRefused("timeout", `媒体文件在 ${Math.round(timeoutMs / 60_000)} 分钟内没有下载完`)), timeoutMs);
  const idle = setTimeout(() => stop(new FetchRefused("timeout", `媒体文件下载停滞（${Math.round(idleMs / 1000)} 秒没有收到数据）`)), idleMs);
  const onAbort = () => stop(new FetchRefused("network_error", "已取消"));
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) onAbort();
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      idle.refresh();
      if (bytes > maxBytes) return done(new FetchRefused("too_large", tooLargeMessage(maxBytes)));
      if (onProgress && Date.now() - reported >= 1000) {
        reported = Date.now();
        onProgress(bytes, opened.length);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(opened.body, count, createWriteStream(file));
    if (opened.length !== null && bytes < opened.length) throw new FetchRefused("network_error", "媒体文件没有下载完整，连接中断了");
    return bytes;
  } catch (err) {
    if (refusal) throw refusal;
    if (err instanceof FetchRefused) throw err;
    throw new FetchRefused("network_error", "下载媒体文件时连接中断");
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    signal?.removeEventListener("abort", onAbort);
    opened.close();
  }
}
