import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "./front-matter";

describe("parseFrontMatter", () => {
  it("splits key: value lines from the markdown body", () => {
    const doc = parseFrontMatter("---\ntitle: 标题：带冒号\nlikes: 3\n---\n正文第一行\n\n- 列表\n");
    expect(doc.meta).toEqual({ title: "标题：带冒号", likes: "3" });
    expect(doc.body).toBe("正文第一行\n\n- 列表");
  });

  it("keeps URLs whole (the first colon splits)", () => {
    expect(parseFrontMatter("---\nsource_url: https://a.cn/p/1\n---\nx").meta.source_url).toBe("https://a.cn/p/1");
  });

  it("rejects text without front matter", () => {
    expect(() => parseFrontMatter("# 只有正文")).toThrow(/front matter/);
  });

  it("rejects a line without a key", () => {
    expect(() => parseFrontMatter("---\n没有冒号的行\n---\nx")).toThrow(/无法解析/);
  });
});
