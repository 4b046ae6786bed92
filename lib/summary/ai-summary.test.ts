import { describe, expect, it } from "vitest";
import { chunkText } from "./ai-summary";

describe("chunkText", () => {
  it("keeps everything, in order, in chunks no longer than the size, cut at sentence ends", () => {
    const text = Array.from({ length: 200 }, (_, i) => `这是第${i}句话，内容大致相同。`).join("") + "\n结尾段落。";
    const chunks = chunkText(text, 500);
    expect(chunks.join("")).toBe(text);
    expect(chunks.every((c) => c.length <= 500)).toBe(true);
    expect(chunks.slice(0, -1).every((c) => /[。\n]$/.test(c))).toBe(true);
    expect(chunks.length).toBeGreaterThan(5);
  });

  it("splits a single overlong sentence rather than dropping it", () => {
    const text = "长".repeat(1200);
    const chunks = chunkText(text, 500);
    expect(chunks.join("")).toBe(text);
    expect(chunks.map((c) => c.length)).toEqual([500, 500, 200]);
  });
});
