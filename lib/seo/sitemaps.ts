import "server-only";
// Every visible article in a sitemap. /sitemap.xml (what robots.txt names) is an index of
// /sitemaps/pages.xml (the site's own pages worth indexing) and one file per range of article ids:
// /sitemaps/{k}.xml lists the visible articles with ids in [k·R, (k+1)·R), R = SITEMAP_IDS_PER_FILE, each
// with its own change time (updated_at) as lastmod. Ids never move, so a file keeps its articles: a new one
// lands in the last file, a takedown leaves one file. A range without a visible article is no file (404) and
// is not in the index. Visible is what every reader path means by it (`visible` in lib/articles/queries.ts):
// hidden articles and readers' articles awaiting review (stored hidden) are in none.
//
// What a file depends on is its range's stamp: the number of visible articles and the newest change time of
// any article in it (hiding one moves its updated_at too: migration 0013). Each file is built once from one
// index-only range scan of articles_sitemap_idx (its articles and stamp in one row), gzipped and kept in memory
// with its stamp, and stays current while the articles
// version (lib/articles/version.ts: moved by every insert, delete, edit, hide or unhide) does not move: a
// repeat costs that one-row read. When it moved, the range's stamp is read again (the index's last scan
// answers without a query when it ran at the same version) and the file is built again only if it differs.
// The index reads every range's stamp in one scan, again only when the version moved. Builds are shared by
// concurrent requests and run outside any one of them. ETag and Last-Modified come from the stamps. Files
// are kept gzipped (a 25th of the memory) and sent as XML, which Next.js compresses for the client; the
// requests that had one built answer from the XML they built.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { sql, type SQL } from "drizzle-orm";
import { visible } from "@/lib/articles/queries";
import { sharedVersionReader } from "@/lib/articles/version";
import { ApiError } from "@/lib/api/errors";
import { getDbHandle, type Db, type DbHandle } from "@/lib/db";
import { outsideRequest } from "@/lib/db/request-scope";
import { notModified } from "@/lib/server/conditional-get";
import { createLru, type Lru } from "@/lib/server/lru";
import { siteUrl } from "@/lib/site";
import { siteDigestDays } from "@/lib/digest/service";
import { permalinkUrlset, sitemapIndex, urlset } from "./sitemap-xml";

/** Article ids per sitemap file (the protocol allows 50,000 URLs and 50 MB: such a file is about 4 MB). */
export const SITEMAP_IDS_PER_FILE = 50_000;
/** A CDN may answer for 10 minutes, then revalidates (a 304 costs the origin one small query). */
export const SITEMAP_CACHE_CONTROL = "public, max-age=0, s-maxage=600, stale-while-revalidate=3600";
/** The site's own pages worth indexing (the rest are a reader's own, or forms: robots.txt disallows them). */
export const SITE_PAGES = ["/", "/daily", "/about", "/privacy", "/terms"];
/** The site's digests listed in /sitemaps/pages.xml (the newest). */
export const SITE_DIGEST_DAYS = 366;
/** Moved when the documents' format changes, so no cache keeps an old body under its ETag. */
const FORMAT = "1";
/** Gzipped files kept per process at most (about 190 kB per full file). */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
/** The largest article id (integer column). */
const MAX_ID = 2_147_483_647;

/** `pages` or an id range's number. */
export type SitemapFile = "pages" | number;

export const sitemapFilePath = (file: SitemapFile) => `/sitemaps/${file}.xml`;

/** The file a /sitemaps/{name} path names: `pages.xml` or `{k}.xml` (no leading zeros); null for anything else. */
export function parseSitemapFile(name: string, idsPerFile = SITEMAP_IDS_PER_FILE): SitemapFile | null {
  if (name === "pages.xml") return "pages";
  const m = /^(0|[1-9]\d{0,9})\.xml$/.exec(name);
  if (!m) return null;
  const k = Number(m[1]);
  return k <= Math.floor(MAX_ID / idsPerFile) ? k : null;
}

/** A range's state: its visible articles and the newest change (µs since the epoch) of any article in it. */
export type RangeStamp = { shown: number; changedUs: number };
const NO_ARTICLES: RangeStamp = { shown: 0, changedUs: 0 };

// updated_at in microseconds since the epoch, exact in a float8 (date_part's double keeps sub-microsecond
// precision until 2100; a JavaScript Date would lose the last three digits). Aggregates take the max of
// updated_at first and convert once: the conversion keeps the order.
const inMicroseconds = (at: SQL) => sql`round(date_part('epoch', ${at}) * 1000000)`;
/** A range's stamp as columns over its rows: how many are visible (`shown`), the newest change (`us`). */
const stampColumns = () => sql`count(*) filter (where ${visible()})::int as shown, ${inMicroseconds(sql`max(updated_at)`)} as us`;
/** The first and last id of range k (both inclusive: one past the largest id is no integer). */
const bounds = (k: number, idsPerFile: number) => [k * idsPerFile, Math.min((k + 1) * idsPerFile - 1, MAX_ID)] as const;

/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01 UTC), which timestamptz_send counts from. */
const PG_EPOCH_US = 946_684_800_000_000;

/**
 * The range's visible articles in id order, each with its change time (µs since the epoch), and the range's
 * stamp. One row comes back: the stamp, and the articles packed as 12 bytes each (int4send(id) ||
 * timestamptz_send(updated_at): the id, then µs since 2000) in one bytea, aggregated during the index-only scan
 * of articles_sitemap_idx. Reading 50,000 rows through the driver instead cost 50–90 ms of this process (each
 * row's fields parsed from text into objects); the aggregate adds a few ms in the database.
 */
export async function rangeArticles({ db, file, idsPerFile = SITEMAP_IDS_PER_FILE }: { db: Db; file: number; idsPerFile?: number }) {
  const [first, last] = bounds(file, idsPerFile);
  const { rows } = await db.execute<{ shown: number; us: number | null; packed: Uint8Array | null }>(
    sql`select ${stampColumns()}, string_agg(int4send(id) || timestamptz_send(updated_at), ''::bytea) filter (where ${visible()}) as packed
        from articles where id between ${first} and ${last}`,
  );
  const row = rows[0];
  const packed = row?.packed ?? new Uint8Array(0);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const n = packed.byteLength / 12;
  let ids = new Int32Array(n);
  let changedUs = new Float64Array(n);
  let ordered = true;
  for (let i = 0, o = 0; i < n; i++, o += 12) {
    ids[i] = view.getInt32(o);
    changedUs[i] = view.getInt32(o + 4) * 2 ** 32 + view.getUint32(o + 8) + PG_EPOCH_US;
    if (i && ids[i] < ids[i - 1]) ordered = false;
  }
  if (!ordered) {
    // The aggregate takes the rows as the scan gives them: in id order from the index; any other plan, sorted here.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => ids[a] - ids[b]);
    [ids, changedUs] = [Int32Array.from(order, (i) => ids[i]), Float64Array.from(order, (i) => changedUs[i])];
  }
  return { ids, changedUs, stamp: { shown: Number(row?.shown ?? 0), changedUs: Number(row?.us ?? 0) } satisfies RangeStamp };
}

/** One range's stamp (the same range scan, aggregated in the database). */
export async function rangeStamp({ db, file, idsPerFile = SITEMAP_IDS_PER_FILE }: { db: Db; file: number; idsPerFile?: number }): Promise<RangeStamp> {
  const [first, last] = bounds(file, idsPerFile);
  const { rows } = await db.execute<{ shown: number; us: number | null }>(
    sql`select ${stampColumns()} from articles where id between ${first} and ${last}`,
  );
  return { shown: Number(rows[0]?.shown ?? 0), changedUs: Number(rows[0]?.us ?? 0) };
}

/**
 * Every range's stamp in one statement (ranges without articles are absent): the ranges that hold an article,
 * found by a skip scan of the primary key (each the next id at or past the range's end), and for each the same
 * aggregate as `rangeStamp`, an index-only range scan of articles_sitemap_idx (migration 0015). Per range rather
 * than one grouping over the table: a plain aggregate per range costs less than hashing a million rows into their
 * groups, and never sorts them. The ranges used to come from generate_series up to the highest id in a subquery,
 * which the planner counted as 1,000 rows: that priced the statement over jit_above_cost at 1M, and compiling
 * it cost 15–25 ms on every read (more on a new connection, which loads LLVM first). The skip scan is counted
 * as a few dozen, and takes no step for an empty range.
 */
export async function rangeStamps({ db, idsPerFile = SITEMAP_IDS_PER_FILE }: { db: Db; idsPerFile?: number }): Promise<Map<number, RangeStamp>> {
  const { rows } = await db.execute<{ k: number; shown: number; us: number }>(
    sql`with recursive r(k) as (
          select (select min(id) from articles)::bigint / ${idsPerFile}
          union all
          select (select min(id) from articles where id >= (r.k + 1) * ${idsPerFile})::bigint / ${idsPerFile} from r where r.k is not null
        )
        select r.k, s.shown, s.us from r,
        lateral (select ${stampColumns()} from articles where id between r.k * ${idsPerFile} and r.k * ${idsPerFile} + ${idsPerFile - 1}) as s
        where r.k is not null
        order by r.k`,
  );
  return new Map(rows.map((r) => [Number(r.k), { shown: Number(r.shown), changedUs: Number(r.us) }]));
}

/**
 * A document as kept: gzipped (a full file's 5 MB of XML is about 190 kB), with its validators. The requests that
 * had it built also get its XML as built (`xml`), so their answer skips unzipping what was just zipped; the
 * cache keeps only the gzip.
 */
export type SitemapDoc = { gzip: Buffer; etag: string; lastModified: Date | null; urls: number; xml?: Buffer };
type Kept = SitemapDoc & { base: string; version: number; stamp: RangeStamp | null };

const gzipAsync = promisify(gzip);
/**
 * zlib's fastest level for the kept copies: a full file in 5 ms instead of 12–18 at the default level, for 15% more
 * bytes (190 kB instead of 165 kB). Only this process reads them: a client gets XML, compressed by Next.js.
 */
const GZIP_LEVEL = 1;
const gunzipAsync = promisify(gunzip);
const tag = (...parts: (string | number)[]) => `W/"${createHash("sha256").update(parts.join("|")).digest("base64url").slice(0, 24)}"`;
const sameStamp = (a: RangeStamp | null, b: RangeStamp) => a !== null && a.shown === b.shown && a.changedUs === b.changedUs;
const usToDate = (us: number) => (us > 0 ? new Date(Math.floor(us / 1000)) : null);

export type Sitemaps = {
  /** The index as it stands now. */
  index(): Promise<SitemapDoc>;
  /** A file as it stands now; null when it lists nothing (an empty range, or beyond the last article). */
  file(file: SitemapFile): Promise<SitemapDoc | null>;
};

export type SitemapsOptions = { getDb: () => Promise<Db>; idsPerFile?: number; base?: () => string; maxBytes?: number };

export function createSitemaps({ getDb: db, idsPerFile = SITEMAP_IDS_PER_FILE, base = siteUrl, maxBytes = MAX_CACHED_BYTES }: SitemapsOptions): Sitemaps {
  const version = sharedVersionReader(db);
  const files: Lru<SitemapFile, Kept> = createLru({ maxEntries: 100_000, maxBytes, sizeOf: (d) => d.gzip.length });
  let index: Kept | null = null;
  /** Every range's stamp as the index's last scan read it, at that version. */
  let stamps: { version: number; byFile: Map<number, RangeStamp> } | null = null;
  const building = new Map<string, Promise<Kept | null>>();

  const keep = async (xml: string | Buffer, fields: Omit<Kept, "gzip" | "etag"> & { etag?: string }): Promise<Kept> => {
    const packed = await gzipAsync(xml, { level: GZIP_LEVEL });
    return { ...fields, gzip: packed, etag: fields.etag ?? tag(FORMAT, createHash("sha256").update(xml).digest("base64url")) };
  };
  /** The document for the requests that had it built: the kept one, with its XML. */
  const fresh = (doc: Kept, xml: string | Buffer): Kept => ({ ...doc, xml: typeof xml === "string" ? Buffer.from(xml) : xml });

  async function articleFile(k: number, v: number, origin: string): Promise<Kept | null> {
    const known = files.get(k);
    const seen = stamps?.version === v ? (stamps.byFile.get(k) ?? NO_ARTICLES) : null;
    if (known && known.base === origin) {
      if (known.version === v) return known;
      if (sameStamp(known.stamp, seen ?? (await rangeStamp({ db: await db(), file: k, idsPerFile })))) {
        known.version = v;
        return known;
      }
    }
    if (seen && seen.shown === 0) return drop(k);
    const range = await rangeArticles({ db: await db(), file: k, idsPerFile });
    if (range.stamp.shown === 0) return drop(k);
    const xml = permalinkUrlset(origin, "/articles/", range.ids, range.changedUs);
    const etag = tag(FORMAT, origin, idsPerFile, k, range.stamp.shown, range.stamp.changedUs);
    const doc = await keep(xml, { etag, base: origin, version: v, stamp: range.stamp, lastModified: usToDate(range.stamp.changedUs), urls: range.ids.length });
    files.set(k, doc);
    return fresh(doc, xml);
  }

  function drop(k: number): null {
    files.delete(k);
    return null;
  }

  /** The site's pages and its digest days (/daily/{day}, the newest SITE_DIGEST_DAYS): rebuilt when a day is added. */
  async function pagesFile(v: number, origin: string): Promise<Kept> {
    const days = await siteDigestDays(await db(), SITE_DIGEST_DAYS);
    const stamp = { shown: days.length, changedUs: days.length ? days[0].createdAt.getTime() * 1000 : 0 };
    const known = files.get("pages");
    if (known && known.base === origin && sameStamp(known.stamp, stamp)) return known;
    const entries = [
      ...SITE_PAGES.map((p) => ({ loc: `${origin}${p}` })),
      ...days.map((d) => ({ loc: `${origin}/daily/${d.date}`, lastmod: d.createdAt })),
    ];
    const xml = urlset(entries);
    const doc = await keep(xml, { base: origin, version: v, stamp, lastModified: usToDate(stamp.changedUs), urls: entries.length });
    files.set("pages", doc);
    return fresh(doc, xml);
  }

  async function indexFile(v: number, origin: string): Promise<Kept> {
    if (index && index.base === origin && index.version === v) return index;
    const byFile = await rangeStamps({ db: await db(), idsPerFile });
    if (!stamps || v >= stamps.version) stamps = { version: v, byFile };
    const listed = [...byFile].filter(([, s]) => s.shown > 0);
    const newest = Math.max(0, ...listed.map(([, s]) => s.changedUs));
    const xml = sitemapIndex([
      { loc: `${origin}${sitemapFilePath("pages")}` },
      ...listed.map(([k, s]) => ({ loc: `${origin}${sitemapFilePath(k)}`, lastmod: usToDate(s.changedUs) })),
    ]);
    const doc = await keep(xml, { base: origin, version: v, stamp: null, lastModified: usToDate(newest), urls: listed.length + 1 });
    // The version only grows: a slower build of an older one never replaces a newer one.
    if (!index || v >= index.version) index = doc;
    return fresh(doc, xml);
  }

  /** Shared by every request asking for the same document at the same version, and by none of them cancelled. */
  const shared = (key: string, build: () => Promise<Kept | null>) =>
    outsideRequest(() => {
      let job = building.get(key);
      if (!job) {
        job = build().finally(() => building.delete(key));
        building.set(key, job);
      }
      return job;
    });

  return {
    async index() {
      const v = await outsideRequest(version);
      const origin = base();
      return (await shared(`index@${v}@${origin}`, () => indexFile(v, origin)))!;
    },
    async file(file) {
      const v = await outsideRequest(version);
      const origin = base();
      return shared(`${file}@${v}@${origin}`, () => (file === "pages" ? pagesFile(v, origin) : articleFile(file, v, origin)));
    },
  };
}

const g = globalThis as typeof globalThis & { __shiyueSitemaps?: { handle: DbHandle; sitemaps: Sitemaps } };

/** The process's sitemaps: one cache whichever route bundle asks, for as long as the database stays open. */
export async function sitemaps(): Promise<Sitemaps> {
  const handle = await getDbHandle();
  if (g.__shiyueSitemaps?.handle !== handle) g.__shiyueSitemaps = { handle, sitemaps: createSitemaps({ getDb: async () => handle.db }) };
  return g.__shiyueSitemaps.sitemaps;
}

/** A view of the buffer's bytes (no copy). */
const bytes = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** A sitemap document as an HTTP answer: 404 when there is none, 304 when the client has it, else the XML. */
export async function sitemapResponse(req: Request, doc: SitemapDoc | null): Promise<Response> {
  if (!doc) throw new ApiError("not_found", "没有这个站点地图文件");
  const headers = new Headers({ etag: doc.etag, "cache-control": SITEMAP_CACHE_CONTROL, vary: "Accept-Encoding" });
  if (doc.lastModified) headers.set("last-modified", doc.lastModified.toUTCString());
  if (notModified(req.headers, doc.etag, doc.lastModified?.getTime() ?? null)) return new Response(null, { status: 304, headers });
  headers.set("content-type", "application/xml; charset=utf-8");
  // Sent as XML: Next.js drops a route's own Content-Encoding and compresses the answer itself for a client
  // that takes it, so the kept gzip cannot be sent as it is.
  return new Response(bytes(doc.xml ?? (await gunzipAsync(doc.gzip))), { headers });
}
