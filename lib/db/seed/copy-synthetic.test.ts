import { describe, expect, it } from "vitest";
import { COPY_COLUMNS, CopyBuffer, copyText } from "./copy-synthetic";
import { syntheticArticle } from "./synthetic";

/** COPY's text format read back: rows, fields, escapes. */
function parseCopy(text: string): (string | null)[][] {
  return text
    .split("\n")
    .slice(0, -1)
    .map((line) =>
      line.split("\t").map((f) => (f === "\\N" ? null : f.replace(/\\(.)/g, (_, c: string) => ({ n: "\n", r: "\r", t: "\t", "\\": "\\" })[c] ?? c))),
    );
}

describe("COPY text", () => {
  it("escapes what COPY treats specially and writes null as \\N", () => {
    expect(copyText("普通文字")).toBe("普通文字");
    expect(copyText("a\tb\nc\r\\d")).toBe("a\\tb\\nc\\r\\\\d");
    expect(copyText(null)).toBe("\\N");
  });

  it("writes articles as rows that read back to the same fields, across buffer boundaries", () => {
    const now = Date.parse("2026-11-22T00:00:00Z");
    const articles = Array.from({ length: 400 }, (_, i) => syntheticArticle(i, 3, now));
    const out = new CopyBuffer();
    for (const a of articles) out.row(a); // a full buffer moves on mid-row
    out.flush();
    expect(out.full.length).toBeGreaterThan(1); // 400 articles are about 2.6 MB
    const rows = parseCopy(Buffer.concat(out.full).toString("utf8"));
    expect(rows).toHaveLength(400);
    rows.forEach((row, i) => {
      const a = articles[i];
      expect(row).toHaveLength(COPY_COLUMNS.length);
      expect(row).toEqual([
        a.title, a.content, a.summary, a.authorName, a.platformName, a.sourcePlatform, a.sourceUrl, a.publishedAt!.toISOString(),
        String(a.likeCnt), String(a.commentCnt), String(a.favoriteCnt), String(a.viewCnt), "synthetic", a.searchTitle, a.searchBody, a.searchGrams,
      ]);
    });
  });
});
