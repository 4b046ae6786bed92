// Page 1 of a personalised feed from its candidates (feed.ts gathers them): which articles, in which order,
// and why each is there. A share DISCOVERY_SHARE of the places goes to the hot order (what everyone reads:
// discovery, taken about other things than the interests and than each other where the hot order allows);
// the rest are shared among the interests in proportion to weight (D'Hondt: the strongest gets most), each
// taking its hottest candidate still free; an identical title is shown once and one source
// fills at most SOURCE_MAX places; the interests' articles in hot order with a hot one every fourth place.
// When the interests run out of candidates the hot order fills the page. Pure, so tested without a database.
import type { RecommendReason } from "@/lib/articles/serialize";

/** Share of page 1 (after pinned articles) that comes from the hot order: discovery. */
export const DISCOVERY_SHARE = 0.25;
/** Articles of one source (a feed, else an author) on page 1 at most. */
export const SOURCE_MAX = 3;

/** An article that may go on page 1: its title, hot score, source and topic words (terms.ts). */
export type Candidate = { id: number; title: string; hot: number; source: string; words: string[] };
export type Pick = { id: number; reason: RecommendReason };

/** Titles that differ only in width, case, spaces or punctuation are the same story (一文读懂X：Y篇 / 一文读懂X Y篇). */
const titleKey = (title: string) => title.normalize("NFKC").replace(/[\p{P}\p{S}\s]+/gu, "").toLowerCase();

/**
 * Page 1's `slots` articles after the pinned ones, in the order shown, each with its reason. Pure: given the
 * interests, each one's candidates (hottest first), the hot order's first articles and their rows.
 */
/** A source of candidates: an interest word, or (with `reason`) the neighbours of the reader's vector. */
export type CandidateGroup = { term: string; weight: number; ids: number[]; reason?: RecommendReason };

export function composeFirstPage(slots: number, interests: CandidateGroup[], hot: number[], rows: Map<number, Candidate>): Pick[] {
  const discovery = slots > 1 ? Math.max(1, Math.round(slots * DISCOVERY_SHARE)) : 0;
  const taken = new Set<number>();
  const titles = new Set<string>();
  const perSource = new Map<string, number>();
  const admit = (id: number) => {
    const row = rows.get(id);
    if (!row || taken.has(id) || titles.has(titleKey(row.title)) || (perSource.get(row.source) ?? 0) >= SOURCE_MAX) return false;
    taken.add(id);
    titles.add(titleKey(row.title));
    perSource.set(row.source, (perSource.get(row.source) ?? 0) + 1);
    return true;
  };
  // Interests share their places by weight (D'Hondt), each taking its hottest candidate still free.
  const personal: Pick[] = [];
  const turns = interests.map((i) => ({ ...i, given: 0, next: 0 }));
  while (personal.length < slots - discovery) {
    const open = turns.filter((t) => t.next < t.ids.length);
    if (!open.length) break;
    const turn = open.reduce((a, b) => (b.weight / (b.given + 1) > a.weight / (a.given + 1) ? b : a));
    const id = turn.ids[turn.next++];
    if (admit(id)) {
      turn.given++;
      personal.push({ id, reason: turn.reason ?? { kind: "interest", label: turn.term } });
    }
  }
  // Discovery: hot articles about something else — none of the interests' words, nor the words of another
  // discovery article — then, when too few are, any hot article (and the hot order fills what is left).
  const popular: Pick[] = [];
  const interestWords = new Set(interests.filter((i) => !i.reason).map((i) => i.term));
  const shown = new Set<string>();
  const elsewhere = (id: number) => (rows.get(id)?.words ?? []).every((w) => !interestWords.has(w) && !shown.has(w));
  const passes = [(id: number) => elsewhere(id) && popular.length < discovery, () => popular.length < discovery, () => true];
  for (const fits of passes) {
    for (const id of hot) {
      if (personal.length + popular.length >= slots) break;
      if (fits(id) && admit(id)) {
        popular.push({ id, reason: { kind: "hot" } });
        rows.get(id)!.words.forEach((w) => shown.add(w));
      }
    }
  }
  const byHot = (a: Pick, b: Pick) => rows.get(b.id)!.hot - rows.get(a.id)!.hot || b.id - a.id;
  personal.sort(byHot);
  popular.sort(byHot);
  // A hot article every fourth place, the interests' articles around them.
  const page: Pick[] = [];
  while (personal.length || popular.length) {
    const fromHot = (page.length % 4 === 3 && popular.length) || !personal.length;
    page.push((fromHot ? popular : personal).shift()!);
  }
  return page;
}
