import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cuesToText, formatTimestamp, parseSrt, parseVtt } from "./subtitles";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseVtt", () => {
  it("reads cues past BOM, header, NOTE and STYLE blocks, ids and settings", () => {
    expect(parseVtt(fixture("talk.vtt"))).toEqual([
      { start: 1, end: 4.5, text: "大家好，今天聊聊城市里的自行车道。" },
      { start: 4.5, end: 9, text: "过去十年，很多城市新修了 上千公里的自行车道。" },
      { start: 9, end: 13.25, text: "但是车道是否连贯，& 比长度更重要。" },
      { start: 3723.5, end: 3726, text: "最后谢谢大家的收听。" },
    ]);
  });

  it("merges a rolling caption repeated in the next cue and skips empty cues", () => {
    const vtt = "WEBVTT\n\n00:01.000 --> 00:02.000\n同一句\n\n00:02.000 --> 00:03.000\n同一句\n\n00:03.000 --> 00:04.000\n<i></i>\n\n00:04.000 --> 00:05.000\n下一句";
    expect(parseVtt(vtt)).toEqual([
      { start: 1, end: 3, text: "同一句" },
      { start: 4, end: 5, text: "下一句" },
    ]);
  });

  it("returns no cues for text without timings", () => {
    expect(parseVtt("WEBVTT\n\nNOTE nothing here")).toEqual([]);
    expect(parseVtt("")).toEqual([]);
  });
});

describe("parseSrt", () => {
  it("reads numbered cues with coordinates and font tags", () => {
    expect(parseSrt(fixture("talk.srt"))).toEqual([
      { start: 1, end: 3.2, text: "欢迎收听本期节目。" },
      { start: 3.2, end: 7.8, text: "今天我们聊一聊 家庭阳台种菜的经验。" },
      { start: 7.8, end: 12, text: "番茄需要充足的阳光，每天至少六小时。" },
      { start: 3600, end: 3602.5, text: "下期再见。" },
    ]);
  });

  it("reads CRLF files", () => {
    expect(parseSrt(fixture("crlf.srt"))).toEqual([
      { start: 0.5, end: 2, text: "第一行" },
      { start: 2, end: 4, text: "第二行" },
    ]);
  });

  it("does not take the next cue's number as text when a blank line is missing", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\n甲\n2\n00:00:02,000 --> 00:00:03,000\n乙\n";
    expect(parseSrt(srt).map((c) => c.text)).toEqual(["甲", "乙"]);
  });
});

describe("cuesToText", () => {
  it("prefixes each cue with its start, with hours past the first hour", () => {
    expect(cuesToText(parseVtt(fixture("talk.vtt")))).toBe(
      [
        "[00:01] 大家好，今天聊聊城市里的自行车道。",
        "[00:04] 过去十年，很多城市新修了 上千公里的自行车道。",
        "[00:09] 但是车道是否连贯，& 比长度更重要。",
        "[01:02:03] 最后谢谢大家的收听。",
      ].join("\n"),
    );
  });

  it("formats timestamps", () => {
    expect(formatTimestamp(0)).toBe("00:00");
    expect(formatTimestamp(75.9)).toBe("01:15");
    expect(formatTimestamp(3599)).toBe("59:59");
    expect(formatTimestamp(3723)).toBe("01:02:03");
    expect(formatTimestamp(75, true)).toBe("00:01:15");
  });
});
