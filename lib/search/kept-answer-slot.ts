// The meeting point between the server's front door (lib/server/kept-searches.ts, which answers a visitor's
// search before Next.js when its page is kept) and the visitors' kept search pages (service.ts, which installs
// itself here when the search API's bundle loads). No slot (before the first search, or a tool process) means
// every search goes to the API route as usual.
import type { SearchMode } from "./hybrid";

/** A kept search page as the API sends it: its `{ data }` JSON, made once per kept page. */
export type KeptSearchAnswer = { readonly json: string; readonly mode: SearchMode };

export type KeptSearches = {
  /**
   * The answer for a visitor's search with these query parameters when its page is kept and current (the
   * search is then counted as the API route counts it); null when the route must answer (a miss, bad
   * parameters, a page a visitor may not see).
   */
  lookup(params: URLSearchParams): Promise<KeptSearchAnswer | null>;
};

const g = globalThis as typeof globalThis & { __shiyueKeptSearches?: KeptSearches };

export const installKeptSearches = (slot: KeptSearches | undefined) => {
  g.__shiyueKeptSearches = slot;
};

export const keptSearches = (): KeptSearches | undefined => g.__shiyueKeptSearches;
