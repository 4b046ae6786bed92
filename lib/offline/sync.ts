// The pages' side of the offline shelf (lib/offline/store.ts): which shelf is this tab's, keeping an opened
// article, syncing the favourites from the server, queueing an action done offline and sending the queue when
// the connection returns — in order, once (one tab at a time, under a Web Lock), each call idempotent on the
// server so a replay after a lost answer changes nothing. Loaded after the page (components/pwa/offline-sync.tsx).
import { platformByKey } from "@/lib/articles/platforms";
import type { ApiArticle } from "@/lib/articles/serialize";
import { getStoredUser, getToken } from "@/lib/client/session";
import { deleteShelf, FAVORITES_KEPT, Shelf, shelfName, type OfflineArticle, type OutboxItem, type OutboxKind } from "./store";

type Kept = Omit<OfflineArticle, "openedAt" | "favoritedAt">;

/** The signed-in account's id from the stored user (null for a visitor). */
export function storedUserId(): number | null {
  const id = Number(getStoredUser()?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const shelf = () => new Shelf(shelfName(storedUserId()));

/** At sign-out (while the user is still stored): what deletes the account's shelf once the session is cleared. */
export function forgetShelf(): () => Promise<void> {
  const userId = storedUserId();
  return async () => {
    if (!userId) return;
    localStorage.removeItem(`${SYNCED_AT}:${userId}`);
    await deleteShelf(shelfName(userId));
  };
}

export function toKept(a: ApiArticle): Kept {
  return {
    id: a.id,
    title: a.title,
    content: a.content ?? "",
    author: a.author_name ?? "",
    platform: platformByKey(a.platform_name)?.name ?? a.source_platform ?? "",
    sourceUrl: a.source_url,
    createdAt: a.create_time,
  };
}

function tokenHeader(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function getJson<T>(path: string): Promise<T | null> {
  const res = await fetch(path, { headers: { Accept: "application/json", ...tokenHeader() }, credentials: "include", signal: AbortSignal.timeout(15_000) });
  return res.ok ? ((await res.json()) as T) : null;
}

/** Keeps an article the reader just opened (a permalink, an expanded card). Failures only logged. */
export async function keepOpened(articleId: number): Promise<void> {
  if (!navigator.onLine) return;
  const got = await getJson<{ data: ApiArticle }>(`/api/v1/articles/${articleId}`);
  if (got?.data?.content) await shelf().opened(toKept(got.data));
}

/**
 * A favourite made or undone online here: the shelf follows at once, and the next page reads the favourites again
 * (so one whose article could not be fetched here — the reader went on at once — still arrives).
 */
export async function favoriteChanged(articleId: number, favorited: boolean): Promise<void> {
  const userId = storedUserId();
  if (userId) localStorage.removeItem(`${SYNCED_AT}:${userId}`);
  if (!favorited) return shelf().markFavorite({ id: articleId }, false);
  const got = await getJson<{ data: ApiArticle }>(`/api/v1/articles/${articleId}`);
  if (got?.data?.content) await shelf().markFavorite(toKept(got.data), true);
}

const SYNCED_AT = "shiyue-offline-favorites-synced";
/** Favourites are read again at most this often while pages are opened (and after every change made here). */
export const FAVORITES_SYNC_MS = 10 * 60_000;

/** Reads the newest FAVORITES_KEPT favourites and makes the shelf's favourites exactly those. */
export async function syncFavorites({ force = false } = {}): Promise<void> {
  const userId = storedUserId();
  if (!userId || !navigator.onLine) return;
  const key = `${SYNCED_AT}:${userId}`;
  const last = Number(localStorage.getItem(key) ?? 0);
  if (!force && Date.now() - last < FAVORITES_SYNC_MS) return;
  type Record = { created_at: string; article: ApiArticle | { unavailable: true } };
  const found: Record[] = [];
  for (let page = 1; found.length < FAVORITES_KEPT; page++) {
    const got = await getJson<{ data: { items: Record[] } }>(`/api/v1/favorites/my-favorites?page=${page}&limit=100&sort=recent`);
    if (!got) return;
    found.push(...got.data.items);
    if (got.data.items.length < 100) break;
  }
  const favorites = found
    .filter((r): r is { created_at: string; article: ApiArticle } => !("unavailable" in r.article && r.article.unavailable) && Boolean((r.article as ApiArticle).content))
    .map((r) => ({ article: toKept(r.article), favoritedAt: Date.parse(r.created_at) }));
  await shelf().replaceFavorites(favorites);
  localStorage.setItem(key, String(Date.now()));
}

/** Whether a failed call failed for want of a connection (so the action is queued, not lost). */
export const isOffline = (err: unknown) => !navigator.onLine || (err instanceof Error && "status" in err && (err as { status: number }).status === 0);

/**
 * What a card's like or bookmark does when there is no connection (no `err`: the browser says it is offline; with
 * `err`: the call failed, and counts only when for want of a connection): queued, the shelf's favourite mark
 * following. Whether it was queued (false: online, or the queue could not be written — then only logged).
 */
export async function queueIfOffline(kind: OutboxKind, article: { id: number; title: string }, err?: unknown, historyId?: number): Promise<boolean> {
  if (err !== undefined && !isOffline(err)) return false;
  try {
    await queueAction(kind, article, historyId);
    if (kind === "favorite" || kind === "unfavorite") await markFavorite(article.id, kind === "favorite");
    return true;
  } catch (failure) {
    console.warn("离线操作未能保存", failure);
    return false;
  }
}

const markFavorite = (id: number, favorited: boolean) => shelf().markFavorite({ id }, favorited).catch(() => undefined);

/** Queues an action done offline; it is sent by sendOutbox when the connection returns. */
export async function queueAction(kind: OutboxKind, article: { id: number; title: string }, historyId?: number): Promise<void> {
  const s = shelf();
  await s.queue({ kind, articleId: article.id, title: article.title, historyId, at: Date.now() });
  await announce(s);
}

/** Fired on window when the queue changed (queued, sent, refused); `detail` is how many actions wait. */
export const OUTBOX_CHANGED = "shiyue-outbox";

async function announce(s: Shelf) {
  window.dispatchEvent(new CustomEvent(OUTBOX_CHANGED, { detail: (await s.outbox()).length }));
}

const CALLS: Record<OutboxKind, (i: OutboxItem) => [string, string]> = {
  like: (i) => ["PUT", `/api/v1/likes/${i.articleId}`],
  unlike: (i) => ["DELETE", `/api/v1/likes/${i.articleId}`],
  favorite: () => ["POST", "/api/v1/favorites"],
  unfavorite: (i) => ["DELETE", `/api/v1/favorites/${i.articleId}`],
  forget: (i) => ["DELETE", `/api/v1/user-read-history/${i.historyId}`],
};

export const PROBLEM_REASONS: Record<number, string> = {
  404: "文章已下线或记录已不存在",
  403: "没有权限进行此操作",
  400: "请求无效",
};

export type SendResult = { sent: number; refused: { title: string; reason: string }[]; pending: number };

/**
 * Sends what waits in the outbox, oldest first, one tab at a time. A 2xx or a refusal (4xx but 401/408/429) takes
 * the item off — a refusal files it among the problems to show; a 401, a 5xx or no connection stops and keeps the
 * rest for the next time.
 */
export async function sendOutbox(): Promise<SendResult> {
  const result: SendResult = { sent: 0, refused: [], pending: 0 };
  if (!storedUserId() || !navigator.onLine) return result;
  const run = async () => {
    const s = shelf();
    const items = (await s.outbox()).sort((a, b) => a.seq! - b.seq!);
    for (const [n, item] of items.entries()) {
      const [method, path] = CALLS[item.kind](item);
      let status = 0;
      try {
        const res = await fetch(path, {
          method,
          headers: { Accept: "application/json", "Content-Type": "application/json", ...tokenHeader() },
          body: item.kind === "favorite" ? JSON.stringify({ article_id: item.articleId }) : undefined,
          credentials: "include",
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
      } catch {
        status = 0;
      }
      // A reading removed meanwhile (another device, 清空) is what was asked for.
      if ((status >= 200 && status < 300) || (item.kind === "forget" && status === 404)) {
        await s.settle(item);
        result.sent++;
      } else if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) {
        const reason = PROBLEM_REASONS[status] ?? `服务器拒绝了这项操作（${status}）`;
        await s.settle(item, reason);
        result.refused.push({ title: item.title, reason });
      } else {
        result.pending = items.length - n;
        break;
      }
    }
  };
  // One tab sends; another that asks meanwhile waits and then finds the queue empty.
  if ("locks" in navigator) await navigator.locks.request("shiyue-outbox", run);
  else await run();
  if (result.sent || result.refused.length) await announce(shelf());
  return result;
}
