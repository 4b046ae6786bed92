// The reader's offline shelf in IndexedDB (issue 45): the articles kept for reading without a connection (the
// last OPENED_KEPT opened, and the favourites synced from the server), the actions done offline waiting to be
// sent (outbox), and those the server refused when they were sent (problems). One database per account on this
// device (`shiyue-offline:u<id>`, `shiyue-offline:visitor`): signing out deletes the account's, so a shared
// phone never shows the next person what the last one read. Used by the pages and by the offline shell alike.

/** Opened articles kept (a favourite stays while it is one, however long ago it was opened). */
export const OPENED_KEPT = 100;
/** Favourites kept: the newest this many (a reader with more reads the older ones online). */
export const FAVORITES_KEPT = 300;

/** What is kept of an article: text, title, source and date; never images. */
export type OfflineArticle = {
  id: number;
  title: string;
  content: string;
  author: string;
  platform: string;
  sourceUrl: string;
  /** Unix seconds, as the API gives it. */
  createdAt: number;
  /** Epoch ms of the last opening on this device; null for a favourite never opened here. */
  openedAt: number | null;
  /** Epoch ms the favourite was made (server time); null when not a favourite. */
  favoritedAt: number | null;
};

export type OutboxKind = "like" | "unlike" | "favorite" | "unfavorite" | "forget";
export type OutboxItem = { seq?: number; kind: OutboxKind; articleId: number; title: string; historyId?: number; at: number };
export type Problem = { seq?: number; kind: OutboxKind; articleId: number; title: string; reason: string; at: number };

const VERSION = 1;
const PREFIX = "shiyue-offline:";

export function shelfName(userId: number | null): string {
  return `${PREFIX}${userId ? `u${userId}` : "visitor"}`;
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });

const open = new Map<string, Promise<IDBDatabase>>();

function openShelf(name: string): Promise<IDBDatabase> {
  let db = open.get(name);
  if (!db) {
    db = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name, VERSION);
      req.onupgradeneeded = () => {
        const d = req.result;
        const articles = d.createObjectStore("articles", { keyPath: "id" });
        articles.createIndex("openedAt", "openedAt");
        articles.createIndex("favoritedAt", "favoritedAt");
        d.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
        d.createObjectStore("problems", { keyPath: "seq", autoIncrement: true });
      };
      req.onsuccess = () => {
        const d = req.result;
        // Another tab deleting this shelf (sign-out) must not wait on this connection.
        d.onversionchange = () => {
          d.close();
          open.delete(name);
        };
        resolve(d);
      };
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error("IndexedDB blocked"));
    });
    open.set(name, db);
    db.catch(() => open.delete(name));
  }
  return db;
}

/** One account's shelf. */
export class Shelf {
  constructor(readonly name: string) {}

  private async tx(stores: string[], mode: IDBTransactionMode) {
    return (await openShelf(this.name)).transaction(stores, mode);
  }

  async article(id: number): Promise<OfflineArticle | undefined> {
    const tx = await this.tx(["articles"], "readonly");
    return request(tx.objectStore("articles").get(id) as IDBRequest<OfflineArticle | undefined>);
  }

  /** Every kept article: favourites first (newest favourite first), then the opened ones, last opened first. */
  async articles(): Promise<OfflineArticle[]> {
    const tx = await this.tx(["articles"], "readonly");
    const all = await request(tx.objectStore("articles").getAll() as IDBRequest<OfflineArticle[]>);
    const rank = (a: OfflineArticle) => [a.favoritedAt ? 1 : 0, a.favoritedAt ?? a.openedAt ?? 0];
    return all.sort((a, b) => {
      const [fa, ta] = rank(a);
      const [fb, tb] = rank(b);
      return fb - fa || tb - ta;
    });
  }

  /** Keeps an article the reader opened now; the oldest opened beyond OPENED_KEPT go (unless favourites). */
  async opened(article: Omit<OfflineArticle, "openedAt" | "favoritedAt">, now = Date.now()): Promise<void> {
    const tx = await this.tx(["articles"], "readwrite");
    const store = tx.objectStore("articles");
    const before = (await request(store.get(article.id) as IDBRequest<OfflineArticle | undefined>)) ?? null;
    store.put({ ...article, favoritedAt: before?.favoritedAt ?? null, openedAt: now } satisfies OfflineArticle);
    const opened = await request(store.index("openedAt").getAll() as IDBRequest<OfflineArticle[]>);
    // The index holds only rows with a number: newest last, so the first (length - OPENED_KEPT) are the oldest.
    for (const old of opened.slice(0, Math.max(opened.length - OPENED_KEPT, 0))) {
      if (old.favoritedAt) store.put({ ...old, openedAt: null });
      else store.delete(old.id);
    }
    await done(tx);
  }

  /**
   * Makes the kept favourites exactly `favorites` (the server's newest FAVORITES_KEPT): new ones kept, text
   * refreshed, former favourites kept only while they are among the last opened.
   */
  async replaceFavorites(favorites: { article: Omit<OfflineArticle, "openedAt" | "favoritedAt">; favoritedAt: number }[]): Promise<void> {
    const tx = await this.tx(["articles"], "readwrite");
    const store = tx.objectStore("articles");
    const now = new Map(favorites.slice(0, FAVORITES_KEPT).map((f) => [f.article.id, f]));
    const all = await request(store.getAll() as IDBRequest<OfflineArticle[]>);
    for (const row of all) {
      if (now.has(row.id) || !row.favoritedAt) continue;
      if (row.openedAt) store.put({ ...row, favoritedAt: null });
      else store.delete(row.id);
    }
    const byId = new Map(all.map((r) => [r.id, r]));
    for (const { article, favoritedAt } of now.values()) store.put({ ...article, openedAt: byId.get(article.id)?.openedAt ?? null, favoritedAt });
    await done(tx);
  }

  /** A favourite made or undone on this device (the next sync from the server has the last word). */
  async markFavorite(article: Omit<OfflineArticle, "openedAt" | "favoritedAt"> | { id: number }, favorited: boolean, now = Date.now()): Promise<void> {
    const tx = await this.tx(["articles"], "readwrite");
    const store = tx.objectStore("articles");
    const row = (await request(store.get(article.id) as IDBRequest<OfflineArticle | undefined>)) ?? null;
    if (favorited && (row || "title" in article)) store.put({ ...(row ?? { openedAt: null }), ...article, favoritedAt: now } as OfflineArticle);
    else if (row && !favorited) {
      if (row.openedAt) store.put({ ...row, favoritedAt: null });
      else store.delete(row.id);
    }
    await done(tx);
  }

  async queue(item: Omit<OutboxItem, "seq">): Promise<void> {
    const tx = await this.tx(["outbox"], "readwrite");
    tx.objectStore("outbox").add(item);
    await done(tx);
  }

  async outbox(): Promise<OutboxItem[]> {
    const tx = await this.tx(["outbox"], "readonly");
    return request(tx.objectStore("outbox").getAll() as IDBRequest<OutboxItem[]>);
  }

  /** Takes a sent item off the outbox; with a reason, files it among the problems in the same transaction. */
  async settle(item: OutboxItem, reason?: string): Promise<void> {
    const tx = await this.tx(["outbox", "problems"], "readwrite");
    tx.objectStore("outbox").delete(item.seq!);
    if (reason) tx.objectStore("problems").add({ kind: item.kind, articleId: item.articleId, title: item.title, reason, at: Date.now() } satisfies Problem);
    await done(tx);
  }

  async problems(): Promise<Problem[]> {
    const tx = await this.tx(["problems"], "readonly");
    return request(tx.objectStore("problems").getAll() as IDBRequest<Problem[]>);
  }

  async dismissProblems(): Promise<void> {
    const tx = await this.tx(["problems"], "readwrite");
    tx.objectStore("problems").clear();
    await done(tx);
  }

  /** Empties the articles (清除离线内容); what waits to be sent stays. */
  async clearArticles(): Promise<void> {
    const tx = await this.tx(["articles"], "readwrite");
    tx.objectStore("articles").clear();
    await done(tx);
  }
}

/** Deletes one account's shelf (sign-out, account deletion). */
export async function deleteShelf(name: string): Promise<void> {
  const db = open.get(name);
  open.delete(name);
  if (db) (await db.catch(() => null))?.close();
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}
