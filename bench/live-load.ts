// Readers and a writer against a running app, each sending its next request when the last is answered, every
// answer kept with the time it was sent: for the benches that change something under load (an index migration,
// read replicas) and cut the run into phases afterwards. Readers go through the feed past page 1 and searches
// (signed in) and permalinks of random articles (visitors); the writer toggles likes.
import { loadResult, type LoadResult } from "./load";
import type { BenchDb } from "./prepare-db";
import { searchPath, TWO_WORD_KEYWORDS } from "./scenarios";

export type Sample = { at: number; ms: number; ok: boolean; path: string };
export type Phase = { name: string; seconds: number; reads: LoadResult; writes: LoadResult; slowReads: number; slowest: string[]; slowestWriteMs: number };
export type LiveLoad = { stop: () => Promise<void>; phase: (name: string, from: number, to: number) => Phase };

/**
 * `readerToken`: the readers' account (default the corpus' reader, who is also the writer); `signedInPages`: the
 * readers open permalinks with their session cookie (rendered per request) instead of as visitors (kept pages).
 */
export function startLiveLoad(
  base: string,
  corpus: BenchDb,
  opts: { readers: number; maxId: number; writer?: boolean; readerToken?: string; signedInPages?: boolean },
): LiveLoad {
  const auth = { authorization: `Bearer ${opts.readerToken ?? corpus.token}` };
  const writerAuth = { authorization: `Bearer ${corpus.token}` };
  const page: Record<string, string> = opts.signedInPages ? { cookie: `shiyue_token=${opts.readerToken ?? corpus.token}` } : {};
  let stopped = false;
  const reads: Sample[] = [];
  const writes: Sample[] = [];
  async function timed(into: Sample[], path: string, init?: RequestInit) {
    const t = performance.now();
    const ok = await fetch(`${base}${path}`, init).then(async (r) => (await r.arrayBuffer(), r.ok)).catch(() => false);
    into.push({ at: t, ms: performance.now() - t, ok, path });
  }
  async function reader(n: number) {
    for (let i = n; !stopped; i++) {
      const kind = i % 3;
      const path =
        kind === 0 ? `/api/v1/articles?page=${2 + (i % 50)}`
        : kind === 1 ? searchPath(TWO_WORD_KEYWORDS[i % TWO_WORD_KEYWORDS.length])
        : `/articles/${1 + Math.floor(Math.random() * opts.maxId)}`;
      await timed(reads, path, { headers: kind === 2 ? page : auth });
    }
  }
  async function writer() {
    for (let i = 0; !stopped; i++) await timed(writes, `/api/v1/likes/${corpus.likeIds[i % corpus.likeIds.length]}`, { method: "POST", headers: writerAuth });
  }
  const running = Promise.all([...Array.from({ length: opts.readers }, (_, n) => reader(n)), ...(opts.writer === false ? [] : [writer()])]);
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
    // Call after stop(): a request held up in a phase is counted in the phase it was sent in.
    phase(name, from, to) {
      const inside = (s: Sample[]) => s.filter((x) => x.at >= from && x.at < to);
      const r = inside(reads);
      const w = inside(writes);
      const seconds = (to - from) / 1000;
      return {
        name,
        seconds,
        reads: loadResult(opts.readers, r.map((x) => x.ms), r.filter((x) => !x.ok).length, seconds),
        writes: loadResult(1, w.map((x) => x.ms), w.filter((x) => !x.ok).length, seconds),
        slowReads: r.filter((x) => x.ms > 1000).length,
        slowest: [...r].sort((a, b) => b.ms - a.ms).slice(0, 3).map((x) => `${x.path.replace(/keyword=[^&]*/, "keyword=…")} ${Math.round(x.ms)} ms`),
        slowestWriteMs: Math.max(0, ...w.map((x) => x.ms)),
      };
    },
  };
}

export const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A latency for a table: tenths below 10 ms. */
export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : "–");
