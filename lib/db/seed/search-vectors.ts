import "server-only";
// The synthetic articles' search vectors, assembled here rather than by to_tsvector over every body in the
// database (most of PostgreSQL's work in a large seed), and exactly what the articles_search_vectors trigger
// (migration 0028) would store:
//
//   search_vector = setweight(to_tsvector('simple', search_title), 'A') || setweight(to_tsvector('simple', search_body), 'B')
//   title_vector  = to_tsvector('simple', search_title)
//   title_grams   = to_tsvector('simple', search_grams)
//
// The parsing stays the database's: PostgreSQL vectorizes each piece's words once and each distinct title
// (`ToTsvector`), and a body is its pieces' words joined by spaces, which the parser never reads across. A
// body's vector is then its pieces' vectors, each piece's positions shifted by the positions before it, merged
// by the rules of to_tsvector (at most 255 positions a lexeme, none past 16,383, no repeats); concatenating
// the title's follows tsvector_concat (the body's positions after the title's last one, at most 256 a
// lexeme). Lexemes are ordered as PostgreSQL orders them: byte-wise, a prefix first.
//
// The vectors are written in COPY's binary format (tsvector's send/receive form): the lexeme count, then each
// lexeme's bytes, a zero byte, its number of positions and each position with its weight in the top two bits.
// seed-synthetic.ts compares a sample with what the database computes before it relies on them.
import type { BinaryCopyWriter } from "./copy-writer";
import type { Piece, SyntheticDraw, SyntheticTitle } from "./synthetic";

/** One text's to_tsvector('simple', text), as `unnest(tsvector)` returns it: lexemes in order. */
export type VectorRows = { lexeme: string; positions: number[]; weights: string[] }[];
/** to_tsvector('simple', text) of each text, asked of the database. */
export type ToTsvector = (texts: string[]) => Promise<VectorRows[]>;

/** The SQL of `ToTsvector` over pg: one statement for any number of texts ($1 text[]). */
export const TO_TSVECTOR_SQL = `select t.i::int as i, u.lexeme, u.positions, u.weights
  from unnest($1::text[]) with ordinality as t(txt, i)
  cross join lateral unnest(to_tsvector('simple'::regconfig, t.txt)) as u(lexeme, positions, weights)
  order by t.i`;

/** Groups TO_TSVECTOR_SQL's rows by text. */
export function vectorRowsByText(count: number, rows: { i: number; lexeme: string; positions: number[]; weights: string[] }[]): VectorRows[] {
  const out: VectorRows[] = Array.from({ length: count }, () => []);
  for (const r of rows) out[r.i - 1].push({ lexeme: r.lexeme, positions: r.positions, weights: r.weights });
  return out;
}

const MAXENTRYPOS = 1 << 14;
const LAST_POS = MAXENTRYPOS - 1;
/** Positions a lexeme keeps in to_tsvector (MAXNUMPOS - 1) and in a concatenation (MAXNUMPOS). */
const PARSED_MAX = 255;
const CONCAT_MAX = 256;
const limitPos = (p: number) => (p >= MAXENTRYPOS ? LAST_POS : p);
const WEIGHT: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
const WEIGHT_A = 3 << 14;
const WEIGHT_B = 2 << 14;

/** A piece's vector: (lexeme, position) pairs by position, and how many positions its words take. */
type Fragment = { lex: Uint32Array; pos: Uint16Array; advance: number };
/** A title's fields as bytes, its two vectors encoded, and its lexemes with their weight-A positions (for search_vector). */
type TitleEntry = {
  title: Buffer;
  searchTitle: Buffer;
  searchGrams: Buffer;
  titleVector: Buffer;
  titleGrams: Buffer;
  lex: number[];
  pos: Uint16Array[];
  maxPos: number;
};

export class SyntheticVectors {
  private readonly lexemeIds = new Map<string, number>();
  /** Each lexeme's bytes followed by a zero byte, by id; and all of them in one array (`lexStart[id]` on). */
  private lexBytes: Buffer[] = [];
  private lexArena = new Uint8Array(0);
  private lexStart = new Uint32Array(1);
  /** Lexeme ids in byte order of the lexemes. */
  private byRank = new Uint32Array(0);
  private longestLexeme = 0;
  private readonly fragments: (Fragment | undefined)[] = [];
  /** By the draw's titleId. */
  private readonly titles: (TitleEntry | undefined)[] = [];
  // Scratch for one body: positions per lexeme (PARSED_MAX each), their count, the lexemes touched.
  private positions = new Uint16Array(0);
  private counts = new Uint16Array(0);
  private titleSlot = new Int32Array(0);

  constructor(private readonly toTsvector: ToTsvector) {}

  /** Asks the database for the vectors of the pieces and titles it has not vectorized yet (all of them, once). */
  async prepare({ pieces, titles }: { pieces: Piece[]; titles: SyntheticTitle[] }): Promise<void> {
    const newPieces = pieces.filter((p) => p.words && !this.fragments[p.id]);
    const newTitles = titles.filter((t) => !this.titles[t.id]);
    if (!newPieces.length && !newTitles.length) return;
    const texts = [...newPieces.map((p) => p.words), ...newTitles.flatMap((t) => [t.searchTitle, t.searchGrams])];
    const vectors = await this.toTsvector(texts);
    newPieces.forEach((p, i) => (this.fragments[p.id] = this.fragment(vectors[i])));
    newTitles.forEach((t, i) => {
      const title = vectors[newPieces.length + 2 * i];
      const grams = vectors[newPieces.length + 2 * i + 1];
      this.titles[t.id] = {
        title: Buffer.from(t.title),
        searchTitle: Buffer.from(t.searchTitle),
        searchGrams: Buffer.from(t.searchGrams),
        titleVector: encodeRows(title),
        titleGrams: encodeRows(grams),
        lex: title.map((r) => this.lexeme(r.lexeme)),
        pos: title.map((r) => Uint16Array.from(r.positions, (p) => WEIGHT_A | p)),
        maxPos: Math.max(0, ...title.flatMap((r) => r.positions)),
      };
    });
    this.rerank();
  }

  /** The title's fields as bytes and its vectors; prepare() must have seen it. */
  title(draw: SyntheticDraw): TitleEntry {
    const t = this.titles[draw.title.id];
    if (!t) throw new Error(`合成文章的标题没有预先向量化：${draw.title.title}`);
    return t;
  }

  /** Writes the article's search_vector as one binary COPY field (length, then the vector). */
  writeSearchVector(out: BinaryCopyWriter, draw: SyntheticDraw, title = this.title(draw)): void {
    const { positions, counts, titleSlot, fragments, byRank, lexArena, lexStart } = this;
    const body = draw.body;
    let n = 0;
    let total = 0;
    // The body: to_tsvector of the pieces' words joined by spaces.
    let offset = 0;
    for (let b = 0; b < body.length; b++) {
      const piece = body[b];
      if (!piece.words) continue;
      const f = fragments[piece.id];
      if (!f) throw new Error(`合成文章的片段没有预先向量化：${piece.words}`);
      const flex = f.lex;
      const fpos = f.pos;
      for (let j = 0; j < flex.length; j++) {
        const lex = flex[j];
        const p = limitPos(offset + fpos[j]);
        const c = counts[lex];
        const at = lex * PARSED_MAX;
        if (c === 0) {
          n++;
          positions[at] = p;
          counts[lex] = 1;
          total++;
        } else {
          const last = positions[at + c - 1];
          if (c < PARSED_MAX && last !== LAST_POS && last !== p) {
            positions[at + c] = p;
            counts[lex] = c + 1;
            total++;
          }
        }
      }
      offset += f.advance;
    }
    // The title's lexemes join them.
    for (let i = 0; i < title.lex.length; i++) {
      const lex = title.lex[i];
      titleSlot[lex] = i;
      if (counts[lex] === 0) n++;
      total += title.pos[i].length;
    }

    // In the lexemes' byte order (the vocabulary is small: every lexeme is looked at).
    out.ensure(8 + n * (this.longestLexeme + 2) + 2 * total);
    const buf = out.buffer;
    const start = out.offset + 4;
    let o = start;
    buf.writeInt32BE(n, o);
    o += 4;
    const shift = title.maxPos;
    for (let r = 0; r < byRank.length; r++) {
      const lex = byRank[r];
      const c = counts[lex];
      const t = titleSlot[lex];
      if (c === 0 && t < 0) continue;
      for (let k = lexStart[lex], end = lexStart[lex + 1]; k < end; k++) buf[o++] = lexArena[k];
      const countAt = o;
      o += 2;
      let count = 0;
      let last = -1;
      if (t >= 0) {
        const tp = title.pos[t];
        for (let k = 0; k < tp.length; k++) {
          buf[o++] = tp[k] >>> 8;
          buf[o++] = tp[k] & 0xff;
        }
        count = tp.length;
        last = tp[count - 1] & LAST_POS;
        titleSlot[lex] = -1;
      }
      const at = lex * PARSED_MAX;
      for (let k = 0; k < c && count < CONCAT_MAX && last !== LAST_POS; k++) {
        const p = limitPos(positions[at + k] + shift);
        const v = WEIGHT_B | p;
        buf[o++] = v >>> 8;
        buf[o++] = v & 0xff;
        count++;
        last = p;
      }
      buf[countAt] = count >>> 8;
      buf[countAt + 1] = count & 0xff;
      counts[lex] = 0;
    }
    // Positions a limit dropped leave the field shorter than reserved: its length says what was written.
    buf.writeInt32BE(o - start, start - 4);
    out.offset = o;
  }

  private lexeme(text: string): number {
    let id = this.lexemeIds.get(text);
    if (id === undefined) {
      id = this.lexBytes.length;
      this.lexemeIds.set(text, id);
      this.lexBytes.push(Buffer.concat([Buffer.from(text), Buffer.alloc(1)]));
    }
    return id;
  }

  private fragment(rows: VectorRows): Fragment {
    const pairs: [number, number][] = [];
    for (const r of rows) {
      const lex = this.lexeme(r.lexeme);
      for (const p of r.positions) pairs.push([p, lex]);
    }
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return {
      lex: Uint32Array.from(pairs, (x) => x[1]),
      pos: Uint16Array.from(pairs, (x) => x[0]),
      advance: pairs.length ? pairs[pairs.length - 1][0] : 0,
    };
  }

  /** Byte order of every lexeme known (after new ones came), and scratch sized for them. */
  private rerank(): void {
    const count = this.lexBytes.length;
    if (count === this.byRank.length) return;
    this.byRank = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => Buffer.compare(this.lexBytes[a], this.lexBytes[b]));
    this.longestLexeme = Math.max(...this.lexBytes.map((b) => b.length));
    this.lexArena = Buffer.concat(this.lexBytes);
    this.lexStart = new Uint32Array(count + 1);
    this.lexBytes.forEach((b, i) => (this.lexStart[i + 1] = this.lexStart[i] + b.length));
    this.positions = new Uint16Array(count * PARSED_MAX);
    this.counts = new Uint16Array(count);
    this.titleSlot = new Int32Array(count).fill(-1);
  }
}

/** A vector as the database returned it, in binary COPY form (without the field's length). */
export function encodeRows(rows: VectorRows): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(4);
  head.writeInt32BE(rows.length);
  parts.push(head);
  for (const r of rows) {
    const lexeme = Buffer.from(r.lexeme);
    const part = Buffer.alloc(lexeme.length + 3 + 2 * r.positions.length);
    lexeme.copy(part);
    part.writeUInt16BE(r.positions.length, lexeme.length + 1);
    r.positions.forEach((p, k) => part.writeUInt16BE((WEIGHT[r.weights[k]] << 14) | p, lexeme.length + 3 + 2 * k));
    parts.push(part);
  }
  return Buffer.concat(parts);
}
