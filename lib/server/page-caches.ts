import "server-only";
// The pages kept in memory for visitors (kept-pages.ts answers from them before Next.js): the home page
// (home-cache.ts), article permalinks (permalink-cache.ts) and the site's digests (daily-cache.ts). One render secret per process sends their own
// render requests on to Next.js.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { createDailyCache, dailyDay } from "./daily-cache";
import { createHomeCache } from "./home-cache";
import { installPageCache, permalinkId, type PageCache } from "./page-cache-slot";
import { pageRenderer } from "./page-render";
import { createPermalinkCache } from "./permalink-cache";

export function createPageCaches({ getDb, origin }: { getDb: () => Promise<Db>; origin: string }): PageCache {
  const renderSecret = randomUUID();
  const render = pageRenderer({ origin, secret: renderSecret });
  const home = createHomeCache({ getDb, render });
  const permalinks = createPermalinkCache({ getDb, render });
  const daily = createDailyCache({ getDb, render });
  return {
    renderSecret,
    lookup(pathname) {
      if (pathname === "/") return home.lookup();
      const id = permalinkId(pathname);
      if (id !== null) return permalinks.lookup(id);
      const day = dailyDay(pathname);
      return day === null ? Promise.resolve(null) : daily.lookup(day);
    },
  };
}

/** Installs the caches for this web server (instrumentation.ts → startServer). */
export function startPageCaches(opts: { getDb: () => Promise<Db>; origin: string }): void {
  installPageCache(createPageCaches(opts));
}
