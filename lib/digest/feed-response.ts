import "server-only";
// The digest feeds as HTTP answers: a reader's private feed by its secret key (their last HISTORY_DAYS
// digests; fetching it counts as being active, so a reader who reads in a feed reader keeps getting theirs)
// and the site's /daily feed. ETag from the bytes; 304 on a match.
import { createHash } from "node:crypto";
import { and, desc, eq, gte, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db";
import type { Db } from "@/lib/db/client";
import { digests } from "@/lib/db/schema";
import { chinaDay, chinaDaysBefore } from "@/lib/china-time";
import { namesEtag } from "@/lib/server/conditional-get";
import { markActive } from "@/lib/auth/active";
import { siteUrl, SITE_NAME } from "@/lib/site";
import { HISTORY_DAYS } from "./constants";
import { DIGEST_FEED_TYPES, digestFeedDocument, type DigestFeedFormat } from "./feed";
import { userForFeedKey } from "./feed-key";
import { hasOwnDigest, viewOf } from "./service";

const EXTENSIONS: Record<string, DigestFeedFormat> = { xml: "rss", atom: "atom", json: "json" };
/** Site digests in its feed. */
const SITE_FEED_DAYS = 30;

function answer(body: string, format: DigestFeedFormat, ifNoneMatch: string | null, cacheControl: string): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "content-type": DIGEST_FEED_TYPES[format], etag, "cache-control": cacheControl, "x-robots-tag": "noindex" };
  if (ifNoneMatch && namesEtag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

async function recentDigests(db: Db, userId: number | null, days: number) {
  const since = chinaDaysBefore(chinaDay(new Date()), days - 1);
  return db
    .select()
    .from(digests)
    .where(and(userId === null ? isNull(digests.userId) : eq(digests.userId, userId), gte(digests.day, since)))
    .orderBy(desc(digests.day))
    .limit(days);
}

/** A reader's private feed for `file` (`{key}.xml`, `.atom` or `.json`); null: no such feed. */
export async function privateFeedResponse(file: string, ifNoneMatch: string | null): Promise<Response | null> {
  const dot = file.lastIndexOf(".");
  const format = EXTENSIONS[file.slice(dot + 1)];
  if (dot < 0 || !format) return null;
  const db = await getDb();
  const user = await userForFeedKey(db, file.slice(0, dot));
  if (!user) return null;
  await markActive(db, user);
  const own = hasOwnDigest(user);
  const rows = await recentDigests(db, own ? user.id : null, HISTORY_DAYS);
  const views = await Promise.all(rows.map((d) => viewOf(db, d, null)));
  const base = siteUrl();
  const body = digestFeedDocument(format, {
    base,
    title: `${SITE_NAME} · 我的今日精选`,
    description: own ? "每天为你挑选的文章要点，每条都链接到原文" : "拾阅每天的全站精选（你关闭了个人精选）",
    self: `${base}/feeds/digest/${file}`,
    pageOf: (date) => (own ? `/digest/${date}` : `/daily/${date}`),
    digests: views,
  });
  return answer(body, format, ifNoneMatch, "private, max-age=300");
}

/** The site's digest feed (/daily/feed.xml, /daily/atom.xml, /daily/feed.json). */
export async function siteDigestFeedResponse(format: DigestFeedFormat, ifNoneMatch: string | null): Promise<Response> {
  const db = await getDb();
  const rows = await recentDigests(db, null, SITE_FEED_DAYS);
  const views = await Promise.all(rows.map((d) => viewOf(db, d, null)));
  const base = siteUrl();
  const file = { rss: "feed.xml", atom: "atom.xml", json: "feed.json" }[format];
  const body = digestFeedDocument(format, {
    base,
    title: `${SITE_NAME} · 全站精选`,
    description: "拾阅每天的热门文章要点，每条都链接到原文",
    self: `${base}/daily/${file}`,
    pageOf: (date) => `/daily/${date}`,
    digests: views,
  });
  return answer(body, format, ifNoneMatch, "public, max-age=300");
}
