import "server-only";
// The anonymous home page (feed page 1, no query, no session) rendered once and served from memory by
// proxy.ts with a fresh CSP nonce per response. It is current while the articles version
// (lib/articles/version.ts) has not moved since it was rendered — checked against the database on every
// request, so every instance shows new articles at once. Counters on the cards (likes, favourites, views)
// may lag by up to COUNTERS_MAX_AGE_MS: an older page is still served while a fresh one renders behind it. Renders are requests to this same server carrying a
// per-process secret, so the page is exactly what Next.js would have sent; one render at a time.
import { randomUUID } from "node:crypto";
import { COUNTERS_MAX_AGE_MS, sharedVersionReader } from "@/lib/articles/version";
import type { Db } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { installHomeCache, RENDER_HEADER, type CachedPage, type HomeCache } from "./home-cache-slot";
import { isStopping } from "./lifecycle";

const RENDER_TIMEOUT_MS = 10_000;
/** After a failed render, requests wait this long before starting another (each still gets a normal render). */
const RETRY_MS = 1_000;
// Response headers that describe one response, not the page.
const PER_RESPONSE = new Set(["content-security-policy", "content-length", "content-encoding", "date", "connection", "keep-alive", "transfer-encoding", "set-cookie"]);

type Entry = CachedPage & { version: number; renderedAt: number };

export type HomeCacheOptions = { getDb: () => Promise<Db>; origin: string; now?: () => number };

export function createHomeCache({ getDb, origin, now = Date.now }: HomeCacheOptions): HomeCache & { refresh(): Promise<void> } {
  const renderSecret = randomUUID();
  let entry: Entry | null = null;
  let rendering: Promise<void> | null = null;
  let failedAt = -Infinity;
  const currentVersion = sharedVersionReader(getDb);

  async function render(): Promise<void> {
    const version = await currentVersion(); // read first: a change during the render makes the page stale
    const res = await fetch(`${origin}/`, {
      headers: { [RENDER_HEADER]: renderSecret, "accept-encoding": "identity", accept: "text/html" },
      redirect: "manual",
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const html = await res.text();
    if (res.status !== 200 || !nonce || !res.headers.get("content-type")?.startsWith("text/html")) {
      throw new Error(`home page render answered ${res.status}`);
    }
    const headers = [...res.headers].filter(([name]) => !PER_RESPONSE.has(name));
    entry = { html, nonce, headers, version, renderedAt: now() };
  }

  /** Starts a render unless one is running; failures are logged and leave the cache as it was. */
  function refresh(): Promise<void> {
    rendering ??= render()
      .catch((err) => {
        failedAt = now();
        log.warn("home_cache_render_failed", { error: errorMessage(err) });
      })
      .finally(() => {
        rendering = null;
      });
    return rendering;
  }

  async function lookup(): Promise<CachedPage | null> {
    if (isStopping()) return null;
    let version: number;
    try {
      version = await currentVersion();
    } catch {
      return null; // the database is unreachable: the normal render answers with its own error
    }
    const page = entry;
    if (!page || page.version !== version) {
      if (now() - failedAt >= RETRY_MS) void refresh();
      return null;
    }
    if (now() - page.renderedAt > COUNTERS_MAX_AGE_MS) void refresh();
    return page;
  }

  return { renderSecret, lookup, refresh };
}

/** Installs the cache for this web server (instrumentation.ts → startServer). */
export function startHomeCache(opts: HomeCacheOptions): void {
  installHomeCache(createHomeCache(opts));
}
