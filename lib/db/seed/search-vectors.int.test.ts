// The synthetic seed's search vectors, assembled in this process, against what the database computes from the
// same search text (the articles_search_vectors trigger's expressions, migration 0028): real articles, then
// bodies made to reach to_tsvector's and tsvector_concat's limits.
import { describe, expect, it } from "vitest";
import { getDbHandle } from "@/lib/db";
import type { Queryable } from "./article-indexes";
import { BinaryCopyWriter } from "./copy-writer";
import { SyntheticVectors, TO_TSVECTOR_SQL, vectorRowsByText } from "./search-vectors";
import { drawSynthetic, searchBodyOf, syntheticVocabulary, type Piece, type SyntheticDraw, type SyntheticTitle } from "./synthetic";

async function session(): Promise<Queryable> {
  const handle = await getDbHandle();
  return handle.driver === "pglite" ? handle.client : handle.pool;
}

const expressions = `select tsvectorsend(setweight(to_tsvector('simple'::regconfig, coalesce(t, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(b, '')), 'B')) as sv,
    tsvectorsend(to_tsvector('simple'::regconfig, coalesce(t, ''))) as tv, tsvectorsend(to_tsvector('simple'::regconfig, coalesce(g, ''))) as tg
  from unnest($1::text[], $2::text[], $3::text[]) with ordinality as x(t, b, g, i) order by i`;

/** Ours and the database's, as bytes in tsvector's binary form, for each draw. */
async function compare(sql: Queryable, vectors: SyntheticVectors, draws: SyntheticDraw[]) {
  const { rows } = await sql.query(expressions, [draws.map((d) => d.title.searchTitle), draws.map(searchBodyOf), draws.map((d) => d.title.searchGrams)]);
  return draws.map((d, i) => {
    const out = new BinaryCopyWriter();
    vectors.writeSearchVector(out, d);
    const title = vectors.title(d);
    const theirs = rows[i] as { sv: Uint8Array; tv: Uint8Array; tg: Uint8Array };
    return {
      ours: [out.buffer.subarray(4, out.offset), title.titleVector, title.titleGrams].map((b) => Buffer.from(b).toString("hex")),
      theirs: [theirs.sv, theirs.tv, theirs.tg].map((b) => Buffer.from(b).toString("hex")),
    };
  });
}

let nextId = 1_000_000;
const piece = (words: string): Piece => ({ id: nextId++, text: words, words, textBytes: Buffer.from(words), wordBytes: Buffer.from(words) });
const title = (searchTitle: string): SyntheticTitle => ({ id: nextId++, title: searchTitle, searchTitle, searchGrams: searchTitle });
const draw = (t: SyntheticTitle, body: Piece[]) => ({ title: t, body }) as SyntheticDraw;

describe("synthetic search vectors", () => {
  it("are what the database computes from the articles' search text", async () => {
    const sql = await session();
    const vectors = new SyntheticVectors(async (texts) => vectorRowsByText(texts.length, (await sql.query(TO_TSVECTOR_SQL, [texts])).rows as never));
    await vectors.prepare(syntheticVocabulary());
    const now = Date.parse("2026-11-22T00:00:00Z");
    const draws = Array.from({ length: 2000 }, (_, i) => drawSynthetic(i * 7, 5, now));
    for (const { ours, theirs } of await compare(sql, vectors, draws)) expect(ours).toEqual(theirs);
  });

  it("keep to_tsvector's and concatenation's limits, and words the parser splits", async () => {
    const sql = await session();
    const vectors = new SyntheticVectors(async (texts) => vectorRowsByText(texts.length, (await sql.query(TO_TSVECTOR_SQL, [texts])).rows as never));
    const often = piece(Array(40).fill("常见").join(" "));
    const hyphens = piece("foo-bar 3.5 v1.2.3 TypeScript example.com/a/b 数据-库");
    const many = piece(Array.from({ length: 100 }, (_, i) => `词${i}`).join(" "));
    const shared = title("常见 标题 常见");
    const empty = title("");
    const overlapping = title("词7 常见");
    await vectors.prepare({ pieces: [often, hyphens, many], titles: [shared, empty, overlapping] });
    const draws = [
      draw(shared, Array(8).fill(often)), // 320 positions of one lexeme: 255 kept, then the title's 2 + up to 256
      draw(empty, [hyphens, often, hyphens]),
      draw(overlapping, Array(170).fill(many)), // 17,000 positions, 170 a word: past 16,383 they stop
      draw(empty, []),
    ];
    for (const { ours, theirs } of await compare(sql, vectors, draws)) expect(ours).toEqual(theirs);
  });
});
