import { describe, expect, it } from "vitest";
import { COPY_COLUMNS, writeArticle } from "./copy-synthetic";
import { BinaryCopyWriter } from "./copy-writer";
import { SyntheticVectors, type VectorRows } from "./search-vectors";
import { drawSynthetic, syntheticArticle, syntheticVocabulary } from "./synthetic";

/** COPY's binary format read back: the fields of each row as bytes (null for -1). */
function parseBinaryCopy(data: Buffer): (Buffer | null)[][] {
  expect(data.subarray(0, 11).toString("latin1")).toBe("PGCOPY\n\xff\r\n\0");
  let o = 19;
  const rows: (Buffer | null)[][] = [];
  for (;;) {
    const fields = data.readInt16BE(o);
    o += 2;
    if (fields === -1) break;
    const row: (Buffer | null)[] = [];
    for (let f = 0; f < fields; f++) {
      const length = data.readInt32BE(o);
      o += 4;
      row.push(length === -1 ? null : data.subarray(o, o + length));
      if (length > 0) o += length;
    }
    rows.push(row);
  }
  expect(o).toBe(data.length);
  return rows;
}

/** A stand-in for the database's to_tsvector('simple', …) over space-separated words: one position each. */
async function wordsVector(texts: string[]): Promise<VectorRows[]> {
  return texts.map((text) => {
    const at = new Map<string, number[]>();
    text.split(" ").filter(Boolean).forEach((w, i) => at.set(w, [...(at.get(w) ?? []), i + 1]));
    return [...at].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b))).map(([lexeme, positions]) => ({ lexeme, positions, weights: positions.map(() => "D") }));
  });
}

describe("binary COPY of synthetic articles", () => {
  it("writes each article's fields as syntheticArticle has them, across buffer boundaries", async () => {
    const now = Date.parse("2026-11-22T00:00:00Z");
    const vectors = new SyntheticVectors(wordsVector);
    await vectors.prepare(syntheticVocabulary());
    const out = new BinaryCopyWriter();
    out.header();
    for (let i = 0; i < 400; i++) {
      writeArticle(out, vectors, drawSynthetic(i, 3, now));
      if (out.offset > 100_000) out.flush(); // rows end up split over buffers
    }
    out.trailer();
    out.flush();
    expect(out.full.length).toBeGreaterThan(1);
    const rows = parseBinaryCopy(Buffer.concat(out.full));
    expect(rows).toHaveLength(400);
    rows.forEach((row, i) => {
      const a = syntheticArticle(i, 3, now);
      expect(row).toHaveLength(COPY_COLUMNS.length);
      const text = (k: number) => row[k]!.toString("utf8");
      expect([0, 1, 2, 3, 4, 5, 6, 12, 13, 14, 15].map(text)).toEqual([
        a.title, a.content, a.summary, a.authorName, a.platformName, a.sourcePlatform, a.sourceUrl, "synthetic", a.searchTitle, a.searchBody, a.searchGrams,
      ]);
      // timestamptz: microseconds since 2000-01-01 UTC; the counters as int4.
      expect(Number(row[7]!.readBigInt64BE()) / 1000 + Date.UTC(2000, 0, 1)).toBe(a.publishedAt!.getTime());
      expect([8, 9, 10, 11].map((k) => row[k]!.readInt32BE())).toEqual([a.likeCnt, a.commentCnt, a.favoriteCnt, a.viewCnt]);
      // The search vector: the stand-in's words of the body after the title's, each lexeme once, in byte order.
      const sv = row[16]!;
      const lexemes: string[] = [];
      let o = 4;
      for (let k = 0; k < sv.readInt32BE(); k++) {
        const end = sv.indexOf(0, o);
        lexemes.push(sv.subarray(o, end).toString("utf8"));
        o = end + 3 + 2 * sv.readUInt16BE(end + 1);
      }
      expect(o).toBe(sv.length);
      const words = new Set([...a.searchTitle!.split(" "), ...a.searchBody!.split(" ")]);
      expect(lexemes).toEqual([...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))));
    });
  });
});
