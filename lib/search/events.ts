// What a search tells those who count searches (the console's daily tallies, lib/admin/activity-log.ts)
// without depending on them: listeners subscribe by name at start-up, the search service announces each
// search. The listeners live on globalThis, so route and page bundles of one process share them, and a
// name subscribed twice (a module evaluated in two bundles) is one listener.
import { errorMessage, log } from "@/lib/log";

export type SearchEvent = { keyword: string; results: number; page: number };
type Listener = (event: SearchEvent) => void;

const g = globalThis as typeof globalThis & { __shiyueSearchListeners?: Map<string, Listener> };
const listeners = (g.__shiyueSearchListeners ??= new Map());

/** Subscribes `listener` under `name` (replacing an earlier one of that name); returns the unsubscribe. */
export function onSearch(name: string, listener: Listener): () => void {
  listeners.set(name, listener);
  return () => {
    if (listeners.get(name) === listener) listeners.delete(name);
  };
}

/** Tells every listener; a listener that throws is logged and does not fail the search. */
export function announceSearch(event: SearchEvent): void {
  for (const [name, listener] of listeners) {
    try {
      listener(event);
    } catch (err) {
      log.warn("search listener failed", { listener: name, error: errorMessage(err) });
    }
  }
}
