import "server-only";
// The words an article teaches a reader's interest profile: its title's own topic words (as the chat and the
// related articles take a title apart, question-terms.ts; whole words, not the pieces inside them) that the
// title index holds, so each can find more
// articles through that index. Words of one character and words in more than GENERIC_SHARE of all titles
// (how a title is written — 指南, 对比, 为什么 — not what it is about) teach nothing. Without statistics (a
// table never analysed: a small one) every word counts.
import { questionTerms } from "@/lib/search/question-terms";
import { GENERIC_SHARE } from "@/lib/search/related";
import type { TermStats } from "@/lib/search/statistics";

/** Words one article adds at most (its title's first ones). */
export const TERMS_PER_ARTICLE = 5;

/** Words of two characters or more; a Latin word needs a letter (100, 2024 say nothing about a topic). */
const LONG_ENOUGH = /^(?:(?=[a-z0-9.+#-]*[a-z])[a-z0-9][a-z0-9.+#-]+|[^\x00-\x7f]{2,})$/;

/** The interest words of an article with this title and indexed title text (search_title), in title order. */
export function interestTerms(stats: TermStats | null, title: string, searchTitle: string): string[] {
  const indexed = new Set(searchTitle.split(" "));
  const col = stats?.columns.title_vector;
  const out: string[] = [];
  for (const t of questionTerms(title)) {
    // The title's own words, not the pieces inside them (数据库, not 据库): a label must read as a word.
    if (t.weight < 1 || t.text !== t.concept || !indexed.has(t.text) || !LONG_ENOUGH.test(t.text)) continue;
    if (col && (col.freq.get(t.text) ?? 0) > GENERIC_SHARE) continue;
    if (!out.includes(t.text)) out.push(t.text);
    if (out.length === TERMS_PER_ARTICLE) break;
  }
  return out;
}
