import { describe, expect, it } from "vitest";
import { MEDIA_NO_AUDIO, MEDIA_UNREADABLE, extractionError, parseSilences } from "./extract";
import { FfmpegFailed } from "./ffmpeg";
import { planPieces } from "./pieces";

const spans = (pieces: { start: number; end: number }[]) => pieces.map((p) => [p.start, p.end]);

describe("planPieces", () => {
  it("keeps a recording of ten minutes or less whole", () => {
    expect(spans(planPieces(600, []))).toEqual([[0, 600]]);
    expect(spans(planPieces(42.5, []))).toEqual([[0, 42.5]]);
  });

  it("cuts at the ten-minute marks when nobody pauses", () => {
    expect(spans(planPieces(1500, []))).toEqual([[0, 600], [600, 1200], [1200, 1500]]);
  });

  it("cuts in the middle of the last pause before each mark, within the window", () => {
    const silences = [
      { start: 300, end: 301 }, // too early: outside the 90 s window before 10:00
      { start: 540, end: 541 },
      { start: 580, end: 582 }, // the last one before 10:00: cut at 581
      { start: 1100, end: 1104 }, // 1102, before the next mark at 1181
      { start: 1190, end: 1191 }, // after it: not used
    ];
    expect(spans(planPieces(1300, silences))).toEqual([[0, 581], [581, 1102], [1102, 1300]]);
  });

  it("never makes a piece longer than the limit, however the pauses fall", () => {
    const silences = Array.from({ length: 500 }, (_, i) => ({ start: i * 17.3, end: i * 17.3 + 0.6 }));
    const pieces = planPieces(7200, silences);
    pieces.forEach((p, i) => {
      expect(p.end - p.start).toBeLessThanOrEqual(600);
      expect(p.index).toBe(i);
      if (i) expect(p.start).toBe(pieces[i - 1].end);
    });
    expect(pieces.at(-1)!.end).toBe(7200);
    expect(pieces.length).toBe(13);
  });

  it("drops a last sliver too short to transcribe", () => {
    expect(spans(planPieces(600.1, []))).toEqual([[0, 600]]);
  });
});

describe("parseSilences", () => {
  it("pairs silencedetect's starts and ends; an open one lasts to the end", () => {
    const log = [
      "[silencedetect @ 0x1] silence_start: 127.002",
      "[silencedetect @ 0x1] silence_end: 130.01 | silence_duration: 3.008",
      "size=N/A time=00:02:10.00",
      "[silencedetect @ 0x1] silence_start: -0.01",
      "[silencedetect @ 0x1] silence_end: 1.5 | silence_duration: 1.51",
      "[silencedetect @ 0x1] silence_start: 257",
    ];
    expect(parseSilences(log, 260)).toEqual([
      { start: 127.002, end: 130.01 },
      { start: 0, end: 1.5 },
      { start: 257, end: 260 },
    ]);
  });
});

describe("extractionError", () => {
  it("names a missing audio track, an unreadable file, and other failures", () => {
    const noAudio = "Input #0, mov,mp4\n    Stream #0:0(und): Video: h264\nStream map '0:a:0' matches no streams.";
    expect(extractionError(new FfmpegFailed("ffmpeg 退出码 1", noAudio)).message).toBe(MEDIA_NO_AUDIO);
    expect(extractionError(new FfmpegFailed("ffmpeg 退出码 1", "source: Invalid data found when processing input")).message).toBe(MEDIA_UNREADABLE);
    expect(extractionError(new FfmpegFailed("处理超时（超过 600 秒）", "")).message).toBe("处理音视频失败：处理超时（超过 600 秒）");
  });
});
