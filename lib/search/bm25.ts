// BM25F over two fields, title and body (summary and text), as a question's candidates are ranked
// (lib/search/questions.ts). Each term counts by how rare it is in the collection (its idf) and how often the
// field holds it, saturating (k1) and normalised by the field's length against the candidates' average (b);
// the title counts TITLE_WEIGHT times the body. A question's concept (睡不着, with its pieces 不着 and near
// form 失眠) counts once per article: its best term. Pure arithmetic, no database.

export type ScoredTerm = { text: string; concept: string; weight: number; idf: number };
export type Fields = { id: number; title: string[]; body: string[]; hot: number };

export const TITLE_WEIGHT = 3;
const K1 = 1.2;
const B = 0.75;

/** Robertson–Spärck Jones idf, never negative: a term in half the collection or more still counts a little. */
export function idf(df: number, articles: number): number {
  return Math.log(1 + (articles - df + 0.5) / (df + 0.5));
}

const counts = (words: string[]) => {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
};

/** The documents' ids, best first (score, then hot score, then the newer id). */
export function rankByBm25(docs: Fields[], terms: ScoredTerm[]): { id: number; score: number }[] {
  if (!docs.length) return [];
  const avgTitle = Math.max(1, docs.reduce((s, d) => s + d.title.length, 0) / docs.length);
  const avgBody = Math.max(1, docs.reduce((s, d) => s + d.body.length, 0) / docs.length);
  const scored = docs.map((d) => {
    const title = counts(d.title);
    const body = counts(d.body);
    const normTitle = 1 - B + (B * d.title.length) / avgTitle;
    const normBody = 1 - B + (B * d.body.length) / avgBody;
    const best = new Map<string, number>();
    for (const t of terms) {
      const tf = (TITLE_WEIGHT * (title.get(t.text) ?? 0)) / normTitle + (body.get(t.text) ?? 0) / normBody;
      if (!tf) continue;
      const s = t.weight * t.idf * (tf / (K1 + tf));
      if (s > (best.get(t.concept) ?? 0)) best.set(t.concept, s);
    }
    let score = 0;
    for (const s of best.values()) score += s;
    return { id: d.id, score, hot: d.hot };
  });
  return scored
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score || b.hot - a.hot || b.id - a.id)
    .map(({ id, score }) => ({ id, score }));
}
