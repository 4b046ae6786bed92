// The benchmark's media, made with ffmpeg by stream-copying a short unit many times (seconds, not minutes):
// a 2-hour MP3 at 128 kbit/s stereo (≈110 MB) and a 1-hour MP4 lecture (320×180 H.264 slides-like video at
// 5 fps, 96 kbit/s AAC). The audio is pink noise in phrases of 12 s with 0.8 s pauses: what an encoder sees
// in speech (every bit of the bitrate used), with pauses for the cutter to find.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const UNIT = 12.8;

function ffmpeg(bin: string, args: string[]) {
  const run = spawnSync(bin, ["-v", "error", "-nostdin", "-y", ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
}

export function makeBenchMedia(bin: string, dir: string) {
  const speech = ["-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.3:sample_rate=44100:duration=${UNIT}`];
  const pauses = ["-af", `volume='lt(t,12)':eval=frame`];
  const mp3Unit = join(dir, "unit.mp3");
  ffmpeg(bin, [...speech, ...pauses, "-ac", "2", "-c:a", "libmp3lame", "-b:a", "128k", mp3Unit]);
  const mp3 = join(dir, "talk-2h.mp3");
  ffmpeg(bin, ["-stream_loop", String(Math.ceil(7200 / UNIT) - 1), "-i", mp3Unit, "-c", "copy", mp3]);
  const mp4Unit = join(dir, "unit.mp4");
  ffmpeg(bin, [...speech, "-f", "lavfi", "-i", `testsrc=s=320x180:r=5:d=${UNIT}`, ...pauses, "-ac", "1", "-c:a", "aac", "-b:a", "96k", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-shortest", mp4Unit]);
  const mp4 = join(dir, "lecture-1h.mp4");
  ffmpeg(bin, ["-stream_loop", String(Math.ceil(3600 / UNIT) - 1), "-i", mp4Unit, "-c", "copy", mp4]);
  return [
    { name: "talk-2h.mp3", file: mp3, type: "audio/mpeg", seconds: Math.ceil(7200 / UNIT) * UNIT },
    { name: "lecture-1h.mp4", file: mp4, type: "video/mp4", seconds: Math.ceil(3600 / UNIT) * UNIT },
  ];
}
