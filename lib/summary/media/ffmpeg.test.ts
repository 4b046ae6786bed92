// Which ffmpeg runs (a system or configured build over the bundled 2018 one), the fence every run is
// started in (seen by a fake `ffmpeg` that records its arguments and limits), and real media through the
// bundled build and through Debian's where it is installed.
import { spawnSync } from "node:child_process";
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { resetConfig } from "@/lib/config";
import { MEDIA_FORMATS, MEDIA_UNREADABLE, extractAudio } from "./extract";
import { FFMPEG_MEMORY_BYTES, ffmpegChoice, ffmpegPath, logFfmpeg, runFfmpeg, setFfmpegPath } from "./ffmpeg";
import { encodePiece } from "./pieces";

// Every test here starts processes (a shell, ffmpeg itself; the bundled build is a 70 MB static binary): on a
// busy 2-core machine one can take longer than Vitest's 5 s default without anything being wrong.
vi.setConfig({ testTimeout: 60_000 });

const bundled = join(process.cwd(), "node_modules", "@ffmpeg-installer", `${process.platform}-${process.arch}`, "ffmpeg");
const debian = "/usr/bin/ffmpeg";
const work = mkdtempSync(join(tmpdir(), "shiyue-ffmpeg-test-"));
const savedPath = process.env.PATH;

function withEnv({ path = savedPath, ffmpeg }: { path?: string; ffmpeg?: string }) {
  process.env.PATH = path;
  if (ffmpeg === undefined) delete process.env.FFMPEG_PATH;
  else process.env.FFMPEG_PATH = ffmpeg;
  resetConfig();
  setFfmpegPath(undefined);
}

/** A directory holding a fake `ffmpeg`: a shell script that writes its arguments and limits to `record`, then runs `body`. */
function fakeFfmpeg(name: string, body = ""): { dir: string; bin: string; record: string } {
  const dir = join(work, name);
  const bin = join(dir, "ffmpeg");
  const record = join(dir, "record");
  spawnSync("mkdir", ["-p", dir]);
  writeFileSync(
    bin,
    `#!/bin/sh\nPATH=/usr/bin:/bin\n{ for a in "$@"; do echo "arg $a"; done; echo "cpu $(ulimit -t)"; echo "memory $(ulimit -v)"; echo "core $(ulimit -c)"; } > "${record}"\n${body}\n`,
  );
  chmodSync(bin, 0o755);
  return { dir, bin, record };
}

const recorded = (record: string) => {
  const lines = readFileSync(record, "utf8").trim().split("\n");
  const value = (key: string) => lines.find((l) => l.startsWith(`${key} `))?.slice(key.length + 1);
  return { args: lines.filter((l) => l.startsWith("arg ")).map((l) => l.slice(4)), cpu: value("cpu"), memory: value("memory"), core: value("core") };
};

/** The value after `flag` in an argument list. */
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

/** Resolves once `file` exists (a fake renames it into place whole). */
function appeared(file: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dirname(file), () => existsSync(file) && done());
    const done = () => {
      watcher.close();
      resolve();
    };
    if (existsSync(file)) done();
  });
}

afterEach(() => withEnv({}));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("which ffmpeg runs", () => {
  it("is an ffmpeg on PATH (a distribution's build) over the bundled 2018 build", () => {
    const fake = fakeFfmpeg("on-path");
    withEnv({ path: `relative/dir:${fake.dir}:/usr/bin` });
    expect(ffmpegChoice()).toEqual({ path: fake.bin, source: "PATH" });
  });

  it("is FFMPEG_PATH over both, and none when it is not an executable file", () => {
    const fake = fakeFfmpeg("configured");
    withEnv({ path: fake.dir, ffmpeg: bundled });
    expect(ffmpegChoice()).toEqual({ path: bundled, source: "FFMPEG_PATH" });
    withEnv({ path: fake.dir, ffmpeg: "/nonexistent/ffmpeg" });
    expect(ffmpegPath()).toBeNull();
    withEnv({ path: fake.dir, ffmpeg: join(process.cwd(), "package.json") }); // exists, not executable
    expect(ffmpegPath()).toBeNull();
    withEnv({ path: fake.dir, ffmpeg: fake.dir }); // a directory
    expect(ffmpegPath()).toBeNull();
  });

  it("is the registry package's binary only when PATH has none", () => {
    withEnv({ path: join(work, "empty") });
    expect(ffmpegChoice()).toEqual({ path: bundled, source: "bundled" });
  });

  it("says at start-up which build runs, where it came from and its version; a warning for the bundled one", async () => {
    const lines: string[] = [];
    const keep = (chunk: unknown) => (lines.push(String(chunk)), true);
    vi.spyOn(process.stdout, "write").mockImplementation(keep);
    vi.spyOn(process.stderr, "write").mockImplementation(keep);
    try {
      const fake = fakeFfmpeg("versioned", 'echo "ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers"');
      withEnv({ path: fake.dir });
      await logFfmpeg();
      withEnv({ path: join(work, "empty") });
      await logFfmpeg();
    } finally {
      vi.restoreAllMocks();
    }
    const [system, old] = lines.map((l) => JSON.parse(l) as Record<string, string>);
    expect(system).toMatchObject({ level: "info", msg: "ffmpeg", source: "PATH", path: join(work, "versioned", "ffmpeg"), version: "ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers" });
    expect(old).toMatchObject({ level: "warn", source: "bundled", path: bundled, version: expect.stringContaining("2000-2018") });
    expect(old.msg).toContain("2018");
  });
});

describe("every run on untrusted bytes is fenced", () => {
  it("reads one local file through the file protocol and the listed demuxers, single-threaded, under CPU and memory limits", async () => {
    const fake = fakeFfmpeg("fence");
    withEnv({ path: fake.dir });
    await runFfmpeg({ input: { file: "/tmp/in", formats: ["mp3", "mov"] }, output: ["-f", "null", "-"] }, { timeoutMs: 90_500 });
    const { args, cpu, memory, core } = recorded(fake.record);
    expect(after(args, "-protocol_whitelist")).toBe("file");
    expect(after(args, "-format_whitelist")).toBe("mp3,mov");
    expect(after(args, "-threads")).toBe("1");
    expect(after(args, "-i")).toBe("file:/tmp/in");
    expect(args.indexOf("-format_whitelist")).toBeLessThan(args.indexOf("-i"));
    expect(args.join(" ")).not.toMatch(/https?|tcp|udp|rtmp|rtsp|crypto|data:|concat|subfile/);
    expect({ cpu, memory, core }).toEqual({ cpu: "91", memory: String(FFMPEG_MEMORY_BYTES / 1024), core: "0" });
  });

  it("extracts audio with the media demuxers only, and encodes pieces from raw PCM only", async () => {
    // The fake writes two seconds of PCM to its last argument, as ffmpeg would.
    const fake = fakeFfmpeg("extract", 'for last; do :; done; head -c 64000 /dev/zero > "$last"');
    withEnv({ path: fake.dir });
    const input = join(fake.dir, "source");
    writeFileSync(input, Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]));
    const audio = await extractAudio({ input, pcm: join(fake.dir, "audio.pcm") });
    expect(audio.duration).toBe(2);
    let { args, cpu } = recorded(fake.record);
    expect(after(args, "-format_whitelist")).toBe(MEDIA_FORMATS.join(","));
    expect(MEDIA_FORMATS.join(",")).toBe("mp3,mov,matroska,ogg,wav,flac,aac,flv,mpegts");
    expect(after(args, "-protocol_whitelist")).toBe("file");
    expect(after(args, "-fs")).toBe(String(2 * 1024 ** 3)); // never more PCM than the largest download
    expect(cpu).toBe("600");
    await encodePiece({ pcm: join(fake.dir, "audio.pcm"), piece: { index: 0, start: 0, end: 2 }, file: join(fake.dir, "piece.mp3") });
    ({ args, cpu } = recorded(fake.record));
    expect(after(args, "-format_whitelist")).toBe("s16le");
    expect(after(args, "-protocol_whitelist")).toBe("file");
    expect(cpu).toBe("120");
  });

  it("kills ffmpeg and everything it started after the wall-clock limit", async () => {
    const pidFile = join(work, "hang", "child");
    const fake = fakeFfmpeg("hang", `sleep 300 & echo $! > "${pidFile}.tmp" && mv "${pidFile}.tmp" "${pidFile}"; wait`);
    withEnv({ path: fake.dir });
    // The limit runs on a clock the test moves, once the fake has started its child: a slow shell on a busy
    // machine cannot be killed before it has.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const run = runFfmpeg({ input: { file: "/tmp/in", formats: ["mp3"] }, output: [] }, { timeoutMs: 300 });
      await appeared(pidFile);
      vi.advanceTimersByTime(300);
      await expect(run).rejects.toMatchObject({ message: "处理超时（超过 0 秒）" });
    } finally {
      vi.useRealTimers();
    }
    const child = readFileSync(pidFile, "utf8").trim();
    const alive = () => existsSync(`/proc/${child}/stat`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${child}/stat`, "utf8"));
    await expect.poll(alive, { timeout: 5_000 }).toBe(false);
  });
});

const builds = [bundled, debian].filter((bin) => {
  try {
    accessSync(bin, constants.X_OK);
    return true;
  } catch {
    return false;
  }
});

describe.each(builds)("real media with %s", (bin) => {
  const make = (name: string, args: string[]) => {
    const file = join(work, name);
    const run = spawnSync(bundled, ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.3:sample_rate=44100:duration=3", ...args, file]);
    expect(run.status, String(run.stderr)).toBe(0);
    return file;
  };

  it.each([
    ["mp4 (AAC and H.264)", "in.mp4", ["-f", "lavfi", "-i", "color=c=0x336699:s=32x32:r=5:d=3", "-c:a", "aac", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-shortest"]],
    ["mp3", "in.mp3", ["-c:a", "libmp3lame"]],
    ["webm (Opus)", "in.webm", ["-c:a", "libopus"]],
    ["ogg (Vorbis)", "in.ogg", ["-c:a", "libvorbis"]],
  ])("converts %s inside the fence", async (_name, file, args) => {
    const input = make(file, args as string[]);
    withEnv({ ffmpeg: bin });
    const pcm = join(work, `${file}.pcm`);
    const audio = await extractAudio({ input, pcm });
    expect(Math.abs(audio.duration - 3)).toBeLessThan(0.1);
    expect(await encodePiece({ pcm, piece: { index: 0, start: 0, end: audio.duration }, file: join(work, `${file}.mp3`) })).toBeGreaterThan(1000);
  });

  it("does not read a container outside the list (Sun AU)", async () => {
    const input = make("in.au", ["-c:a", "pcm_s16be"]);
    withEnv({ ffmpeg: bin });
    await expect(extractAudio({ input, pcm: join(work, "au.pcm") })).rejects.toMatchObject({ message: MEDIA_UNREADABLE });
  });
});
