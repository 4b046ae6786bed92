// Real media for the media-pipeline tests, made with ffmpeg in a few seconds each: a unit of pink noise
// (speech-like for an encoder: every bit of the bitrate is used) with a pause at its end, a tiny video track
// where the case is a video, encoded once and then repeated by stream copy to more than 25 minutes and
// 25 MB. And a loopback server that streams files from disk with their length and type.
import { spawnSync } from "node:child_process";
import { createReadStream, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";

/** The repeated unit: UNIT_SECONDS long, silent for its last PAUSE_SECONDS when `pauses` is set. */
export const UNIT_SECONDS = 130;
export const PAUSE_SECONDS = 3;
/** Units per file: 12 × 130 s = 26 minutes, about 29 MB at 160 kbit/s. */
export const UNITS = 12;

export type MediaCase = { ext: string; type: string; video: boolean; pauses: boolean; args: string[] };

const noise = (rate: number) => `anoisesrc=color=pink:amplitude=0.3:sample_rate=${rate}:duration=${UNIT_SECONDS}`;
const picture = `color=c=0x336699:s=32x32:r=1:d=${UNIT_SECONDS}`;
const gate = `volume='lt(t,${UNIT_SECONDS - PAUSE_SECONDS})':eval=frame`;
const x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];

/** The five containers of the acceptance 2, each with codecs people actually find in it. */
export const MEDIA_CASES: Record<string, MediaCase> = {
  mp3: { ext: "mp3", type: "audio/mpeg", video: false, pauses: true, args: ["-c:a", "libmp3lame", "-ar", "32000", "-b:a", "160k"] },
  mp4: { ext: "mp4", type: "video/mp4", video: true, pauses: true, args: ["-c:a", "aac", "-b:a", "160k", ...x264] },
  webm: { ext: "webm", type: "video/webm", video: true, pauses: true, args: ["-c:a", "libopus", "-b:a", "160k", "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8"] },
  ogg: { ext: "ogg", type: "audio/ogg", video: false, pauses: true, args: ["-c:a", "libvorbis", "-b:a", "160k"] },
  // No pauses at all: every cut is a hard cut at the ten-minute mark.
  flv: { ext: "flv", type: "video/x-flv", video: true, pauses: false, args: ["-c:a", "aac", "-b:a", "160k", ...x264] },
};

function ffmpeg(bin: string, args: string[]) {
  const run = spawnSync(bin, ["-v", "error", "-nostdin", "-y", ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed: ${run.stderr}`);
}

/** Writes the case's long file into `dir`; answers its path. */
export function makeLongMedia(bin: string, dir: string, c: MediaCase, units = UNITS): string {
  const unit = join(dir, `unit.${c.ext}`);
  const rate = c.ext === "webm" ? 48000 : 32000;
  ffmpeg(bin, [
    "-f", "lavfi", "-i", noise(rate),
    ...(c.video ? ["-f", "lavfi", "-i", picture] : []),
    ...(c.pauses ? ["-af", gate] : []),
    "-ac", "1", ...c.args, "-shortest", unit,
  ]);
  const file = join(dir, `long.${c.ext}`);
  ffmpeg(bin, ["-stream_loop", String(units - 1), "-i", unit, "-c", "copy", file]);
  return file;
}

/** A short video with no audio track at all. */
export function makeSilentVideo(bin: string, dir: string): string {
  const file = join(dir, "no-audio.mp4");
  ffmpeg(bin, ["-f", "lavfi", "-i", picture.replace(`d=${UNIT_SECONDS}`, "d=20"), ...x264, file]);
  return file;
}

/** A short recording in `ext` (for the other containers: TS, M4A, AAC, WAV). */
export function makeShortAudio(bin: string, dir: string, ext: string, args: string[], seconds = 20): string {
  const file = join(dir, `short.${ext}`);
  ffmpeg(bin, ["-f", "lavfi", "-i", noise(32000).replace(`duration=${UNIT_SECONDS}`, `duration=${seconds}`), "-ac", "1", ...args, file]);
  return file;
}

/** A file streamed from disk (with its length, unless `chunked`), a small body, or a length never sent. */
export type Served = { type: string } & ({ file: string; chunked?: boolean } | { body: Buffer } | { declaredLength: number });
export type MediaServer = {
  url: string;
  serve: (route: string, what: Served) => void;
  /** Requests seen per path. */
  hits: (route: string) => number;
  close: () => Promise<void>;
};

/** Serves registered routes on loopback: files streamed from disk, small bodies, or a length it never sends. */
export async function startMediaServer(): Promise<MediaServer> {
  const routes = new Map<string, Served>();
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const what = routes.get(path);
    if (!what) return void res.writeHead(404).end();
    if ("declaredLength" in what) return void res.writeHead(200, { "Content-Type": what.type, "Content-Length": String(what.declaredLength) }).flushHeaders();
    if ("body" in what) return void res.writeHead(200, { "Content-Type": what.type, "Content-Length": String(what.body.length) }).end(what.body);
    res.writeHead(200, { "Content-Type": what.type, ...(!what.chunked && { "Content-Length": String(statSync(what.file).size) }) });
    createReadStream(what.file).pipe(res);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (route, what) => void routes.set(route, what),
    hits: (route) => hits.get(route) ?? 0,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
