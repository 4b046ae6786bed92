import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCaptions, pickTrack, type CaptionTrack } from "./youtube-captions";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/youtube/${name}`, import.meta.url), "utf8");
const track = (languageCode: string, kind?: string): CaptionTrack => ({ baseUrl: `/t?lang=${languageCode}${kind ? "&kind=asr" : ""}`, languageCode, kind });

describe("pickTrack", () => {
  it.each([
    ["human Chinese over automatic Chinese and human English", [track("en"), track("zh-Hans", "asr"), track("zh-Hans")], "/t?lang=zh-Hans"],
    ["simplified over traditional", [track("zh-Hant"), track("zh-CN")], "/t?lang=zh-CN"],
    ["human other language over automatic Chinese", [track("zh-Hans", "asr"), track("ja")], "/t?lang=ja"],
    ["automatic Chinese over automatic English", [track("en", "asr"), track("zh", "asr")], "/t?lang=zh&kind=asr"],
    ["the only track", [track("en", "asr")], "/t?lang=en&kind=asr"],
  ])("%s", (_name, tracks, expected) => {
    expect(pickTrack(tracks)?.baseUrl).toBe(expected);
  });

  it("finds nothing without tracks", () => expect(pickTrack([])).toBeNull());
});

describe("parseCaptions", () => {
  it("reads json3: milliseconds, joined segments, no blank events", () => {
    const cues = parseCaptions(fixture("zh-hans.json3"));
    expect(cues).toHaveLength(8);
    expect(cues[0]).toEqual({ start: 1.2, end: 5.5, text: "大家好，今天讲数据库索引为什么几乎都用 B+ 树。" });
    expect(cues[1]).toEqual({ start: 6, end: 11.2, text: "先从磁盘说起：数据库一次读一页，一页通常是 16KB。" });
    expect(cues.at(-1)!.start).toBe(560);
  });

  it("reads the classic XML format: seconds, twice-escaped entities, tags dropped", () => {
    expect(parseCaptions(fixture("en-classic.xml"))).toEqual([
      { start: 1.2, end: 5.5, text: "Hi everyone, today: why database indexes use B+ trees." },
      { start: 6, end: 11.2, text: "It's about the disk: one read is one page." },
      { start: 190, end: 196.1, text: "A binary tree is too tall." },
    ]);
  });

  it("reads srv3: milliseconds, inner tags dropped, empty paragraphs left out", () => {
    expect(parseCaptions(fixture("zh-srv3.xml"))).toEqual([
      { start: 1.2, end: 5.5, text: "大家好，今天讲数据库索引。" },
      { start: 6, end: 11.2, text: "先从磁盘说起。" },
    ]);
  });

  it("reads nothing from an empty file", () => {
    expect(parseCaptions('{"events":[]}')).toEqual([]);
    expect(parseCaptions("<transcript></transcript>")).toEqual([]);
  });
});
