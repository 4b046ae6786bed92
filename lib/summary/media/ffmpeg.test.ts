import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { ffmpegPath, runFfmpeg, setFfmpegPath } from "./ffmpeg";

const installed = join(process.cwd(), "node_modules", "@ffmpeg-installer", `${process.platform}-${process.arch}`, "ffmpeg");

function withPath(value: string | undefined) {
  if (value === undefined) delete process.env.FFMPEG_PATH;
  else process.env.FFMPEG_PATH = value;
  resetConfig();
  setFfmpegPath(undefined);
}

afterEach(() => withPath(undefined));

describe("ffmpegPath", () => {
  it("is the registry package's binary when FFMPEG_PATH is unset", () => {
    withPath(undefined);
    expect(ffmpegPath()).toBe(installed);
  });

  it("is FFMPEG_PATH when it names an executable file, and none when it does not", () => {
    withPath(installed);
    expect(ffmpegPath()).toBe(installed);
    withPath("/nonexistent/ffmpeg");
    expect(ffmpegPath()).toBeNull();
    withPath(join(process.cwd(), "package.json")); // exists, not executable
    expect(ffmpegPath()).toBeNull();
  });
});

describe("runFfmpeg", () => {
  it("answers ffmpeg's log, and rejects with it on failure, or when the time is up", async () => {
    withPath(undefined);
    expect(await runFfmpeg(["-f", "lavfi", "-i", "anullsrc", "-t", "0.1", "-f", "null", "-"], { timeoutMs: 10_000 })).toContain("anullsrc");
    await expect(runFfmpeg(["-i", "/nonexistent.mp4", "-f", "null", "-"], { timeoutMs: 10_000 })).rejects.toMatchObject({ message: "ffmpeg 退出码 1", stderr: expect.stringContaining("No such file") });
    await expect(runFfmpeg(["-re", "-f", "lavfi", "-i", "anullsrc", "-f", "null", "-"], { timeoutMs: 300 })).rejects.toMatchObject({ message: "处理超时（超过 0 秒）" });
  });
});
