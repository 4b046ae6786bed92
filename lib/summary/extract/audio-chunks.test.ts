import { describe, expect, it } from "vitest";
import { AudioTooLarge, splitAudio } from "./audio-chunks";
import { adtsAudio, id3Tag, mp3Audio, wavAudio } from "@/test/audio";

describe("splitAudio", () => {
  it("cuts a 25-minute MP3 into ten-minute pieces on frame boundaries, the tag left out", () => {
    const audio = Buffer.concat([id3Tag("一期播客"), mp3Audio({ seconds: 25 * 60, kbps: 8, rate: 24000 })]);
    const chunks = splitAudio(audio, "episode.mp3");
    expect(chunks.map((c) => c.name)).toEqual(["part-1.mp3", "part-2.mp3", "part-3.mp3"]);
    expect(chunks.map((c) => Math.round(c.start))).toEqual([0, 600, 1200]);
    expect(Math.round(chunks[2].end!)).toBe(1500);
    for (const c of chunks) expect([c.data[0], c.data[1] & 0xe0]).toEqual([0xff, 0xe0]); // each piece starts on a frame
    expect(chunks.reduce((n, c) => n + c.data.length, 0)).toBe(audio.length - id3Tag("一期播客").length);
  });

  it("keeps every piece under the byte limit, whatever the duration", () => {
    const audio = mp3Audio({ seconds: 60, kbps: 128, rate: 44100 });
    const chunks = splitAudio(audio, "a.mp3", { maxBytes: 200 * 1024 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.data.length).toBeLessThanOrEqual(200 * 1024);
    expect(chunks.reduce((n, c) => n + c.data.length, 0)).toBe(audio.length);
    expect(Math.round(chunks.at(-1)!.end!)).toBe(60);
  });

  it("leaves a short MP3 in one piece", () => {
    const chunks = splitAudio(mp3Audio({ seconds: 30, kbps: 64, rate: 22050 }), "short.mp3");
    expect(chunks).toHaveLength(1);
    expect(Math.round(chunks[0].end!)).toBe(30);
  });

  it("cuts ADTS AAC on its frame headers", () => {
    const chunks = splitAudio(adtsAudio({ seconds: 130, rate: 16000 }), "talk.aac", { maxSeconds: 60 });
    expect(chunks.map((c) => c.name)).toEqual(["part-1.aac", "part-2.aac", "part-3.aac"]);
    expect(chunks.map((c) => Math.round(c.start))).toEqual([0, 60, 120]);
    for (const c of chunks) expect(c.data[0]).toBe(0xff);
  });

  it("cuts WAV into pieces that each carry a valid header", () => {
    const wav = wavAudio({ seconds: 25, rate: 8000 });
    const chunks = splitAudio(wav, "memo.wav", { maxSeconds: 10 });
    expect(chunks.map((c) => [c.start, c.end])).toEqual([[0, 10], [10, 20], [20, 25]]);
    for (const c of chunks) {
      expect(c.data.toString("latin1", 0, 4)).toBe("RIFF");
      expect(c.data.readUInt32LE(4)).toBe(c.data.length - 8);
      expect(c.data.toString("latin1", 36, 40)).toBe("data");
      expect(c.data.readUInt32LE(40)).toBe(c.data.length - 44);
    }
  });

  it("sends a container it cannot cut whole, and refuses one too large to send", () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom"), Buffer.alloc(4000, 7)]);
    expect(splitAudio(mp4, "clip.mp4")).toEqual([{ data: mp4, name: "clip.mp4", start: 0, end: null }]);
    const big = Buffer.concat([mp4, Buffer.alloc(26 * 1024 * 1024)]);
    expect(() => splitAudio(big, "clip.mp4")).toThrow(AudioTooLarge);
    expect(() => splitAudio(big, "clip.mp4")).toThrow(/无法分段转写/);
  });

  it("does not mistake random bytes with a stray sync word for MP3", () => {
    const noise = Buffer.alloc(100_000, 0x41);
    noise.set([0xff, 0xfb, 0x90, 0x64], 500);
    expect(splitAudio(noise, "x.bin")).toHaveLength(1);
    expect(splitAudio(noise, "x.bin")[0].end).toBeNull();
  });
});
