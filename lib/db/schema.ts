// The whole data model of 拾阅. Columns are snake_case in SQL; each table exports its row types.
// Migrations are generated from this file (`npm run db:generate`) into drizzle/ and committed.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/**
 * Set on insert and by every Drizzle update to the database clock at that moment (triggers that only move
 * counters leave it alone). Embeddings compare it with the time they read the article.
 */
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`clock_timestamp()`);

export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    accountName: text("account_name").notNull(),
    phoneNumber: text("phone_number"),
    /**
     * When a code sent to phone_number proved it (code login, registration with a code, binding on /profile).
     * Null: an unproven number kept from before proofs were required (migration 0014): it never signs in by
     * code and its owner can claim it (docs/security.md).
     */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** Stored lower-cased; unique when present. */
    email: text("email"),
    displayName: text("display_name"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    /** argon2id; null for accounts created by code login. */
    hashedPassword: text("hashed_password"),
    /** Rows in read_history for this user, maintained by trigger (feed totals with exclude_read). */
    readCount: integer("read_count").notNull().default(0),
    /** `admin` opens the operator's console (/admin); granted and revoked by `npm run admin`. */
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    /** Set by an operator: every call of a disabled account answers 401, its tokens included. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /**
     * Carried by every token as `ver`; a token with another version is refused. Sign-out, "sign out everywhere",
     * a password change and a phone change add one, so every earlier token stops at once.
     */
    tokenVersion: integer("token_version").notNull().default(0),
    /**
     * Personalised recommendations (lib/recommendations): on, the signed-in feed's page 1 follows the reader's
     * interests and their actions keep teaching it; off, the feed is the hot order and nothing is learnt.
     */
    personalized: boolean("personalized").notNull().default(true),
    /**
     * The 用户协议与隐私政策 the reader agreed to (lib/privacy/policy.ts POLICY_VERSION) and when: at registration,
     * at the code sign-in that created the account, or at a later code sign-in with the box ticked. Null: an
     * account from before consent was asked (or made by an operator's tool).
     */
    termsVersion: text("terms_version"),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /** 禁言 by an operator: no comments, replies, likes on comments or reports until then. */
    mutedUntil: timestamp("muted_until", { withTimezone: true }),
    mutedReason: text("muted_reason"),
    /** 今日精选 (lib/digest): made for the reader each day at digest_minute (minutes after 00:00 China time), unless off. */
    digestOn: boolean("digest_on").notNull().default(true),
    digestMinute: smallint("digest_minute").notNull().default(450),
    /**
     * The nonce of the reader's private digest feed: its URL carries an HMAC of it under AUTH_SECRET (lib/digest/feed-key.ts),
     * so the secret itself is stored nowhere. A new nonce rotates the URL; null: no feed (never made, or revoked).
     */
    digestFeedKey: text("digest_feed_key"),
    /** A worker making the reader's digest holds it until then (another worker or request waits or skips). */
    digestClaimedUntil: timestamp("digest_claimed_until", { withTimezone: true }),
    /** The last China-time day the reader was signed in (set once a day): the worker writes for recent readers only. */
    activeOn: date("active_on", { mode: "string" }),
    /**
     * Which rules built the reader's interest labels (lib/recommendations/terms.ts LABELS_VERSION); an older one is
     * rebuilt from the reader's likes, favourites and readings at start-up (lib/recommendations/relabel.ts).
     */
    labelsVersion: smallint("labels_version").notNull().default(1),
    /** Which notifications the reader's subscribed browsers get (lib/push): replies to their comments, 今日精选. */
    pushReplies: boolean("push_replies").notNull().default(true),
    pushDigest: boolean("push_digest").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_account_name_key").on(sql`lower(${t.accountName})`),
    uniqueIndex("users_phone_number_key").on(t.phoneNumber),
    uniqueIndex("users_email_key").on(t.email),
    /** Sign-ups per day (the console's overview). */
    index("users_created_idx").on(t.createdAt),
    check("users_role_valid", sql`${t.role} in ('user', 'admin')`),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const smsCodes = pgTable(
  "sms_codes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    phone: text("phone").notNull(),
    /** SHA-256 of the code with a server secret; the code itself is never stored. */
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    requestIp: text("request_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sms_codes_phone_created_idx").on(t.phone, t.createdAt.desc()),
    index("sms_codes_ip_created_idx").on(t.requestIp, t.createdAt.desc()),
  ],
);
export type SmsCode = typeof smsCodes.$inferSelect;
export type NewSmsCode = typeof smsCodes.$inferInsert;

/**
 * Rate-limit counters shared by all instances (login failures, chat, summaries): one row per key,
 * counting events since window_start until expires_at; a limit reached may extend expires_at (a block).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);
export type RateLimit = typeof rateLimits.$inferSelect;

/** Values generated once and shared by every instance on this database (e.g. the token secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
export type AppSetting = typeof appSettings.$inferSelect;

// ── Articles ────────────────────────────────────────────────────────────────────────────────────────

export const feedSources = pgTable(
  "feed_sources",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    url: text("url").notNull(),
    title: text("title"),
    /** Platform key (wechat, zhihu, …), set by hand or detected from the host. */
    platform: text("platform"),
    intervalSeconds: integer("interval_seconds").notNull().default(1800),
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    errorCount: integer("error_count").notNull().default(0),
    lastError: text("last_error"),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }).notNull().defaultNow(),
    enabled: boolean("enabled").notNull().default(true),
    /** Set by an operator (`feeds add --allow-private`) for a feed on the local network, e.g. a self-hosted RSSHub. */
    allowPrivate: boolean("allow_private").notNull().default(false),
    /** How many articles the last successful poll added. */
    lastAdded: integer("last_added").notNull().default(0),
    /** How many of the feed's newest items a poll reads (`feeds add|set --max-items`, 1–5000). */
    maxItems: integer("max_items").notNull().default(200),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("feed_sources_url_key").on(t.url), index("feed_sources_next_poll_idx").on(t.nextPollAt)],
);
export type FeedSource = typeof feedSources.$inferSelect;
export type NewFeedSource = typeof feedSources.$inferInsert;

export const articles = pgTable(
  "articles",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    title: text("title").notNull(),
    /** Markdown. */
    content: text("content"),
    summary: text("summary"),
    coverImage: text("cover_image"),
    authorName: text("author_name"),
    /** Icon key: /assets/platform_ico/{platform_name}.ico */
    platformName: text("platform_name"),
    /** The platform's display name (微信公众号, 知乎, …). */
    sourcePlatform: text("source_platform"),
    /** Normalized source URL; one article per source. */
    sourceUrl: text("source_url").notNull(),
    /** When the article was published at its source (create_time in the API, Unix seconds). */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    likeCnt: integer("like_cnt").notNull().default(0),
    commentCnt: integer("comment_cnt").notNull().default(0),
    favoriteCnt: integer("favorite_cnt").notNull().default(0),
    viewCnt: integer("view_cnt").notNull().default(0),
    /** Where the row came from: demo, synthetic, feed, summary. */
    origin: text("origin").notNull().default("feed"),
    feedSourceId: integer("feed_source_id").references(() => feedSources.id, { onDelete: "set null" }),
    /** The feed item's GUID, for de-duplication within a source. */
    guid: text("guid"),
    /** Title and body pre-segmented by jieba (words separated by spaces) for full-text search. */
    searchTitle: text("search_title").notNull().default(""),
    searchBody: text("search_body").notNull().default(""),
    /**
     * The search vectors below are computed by the database from the search text, never by the app: the trigger
     * articles_search_vectors (migration 0028) sets them on every insert and on every update that names a search
     * column, to exactly what the generated columns they replace held —
     * search_vector = setweight(to_tsvector('simple', search_title), 'A') || setweight(to_tsvector('simple', search_body), 'B').
     * Only a bulk loader that declares it (`set shiyue.search_vectors = 'given'`, lib/db/seed/) inserts its own.
     */
    searchVector: tsvector("search_vector"),
    /** The title's words alone, to_tsvector('simple', search_title): small enough to stay inline, so ranking by title reads no TOAST. */
    titleVector: tsvector("title_vector"),
    /** The title as character bigrams (gramTokens in lib/search/text.ts), for exact-phrase matches. */
    searchGrams: text("search_grams").notNull().default(""),
    /** to_tsvector('simple', search_grams). */
    titleGrams: tsvector("title_grams"),
    /**
     * Feed order ("hot" score): log10 of engagement (likes + 2 × favourites + views / 50, at least 1) plus
     * publication time in units of 45,000 s (12.5 h). Time-invariant, so it is stored and indexed: an article
     * ten times as engaging ranks with one published 12.5 hours later.
     */
    hotScore: doublePrecision("hot_score").generatedAlwaysAs(
      sql`log(greatest(like_cnt + 2 * favorite_cnt + view_cnt / 50.0, 1)) + extract(epoch from (published_at - '2020-01-01 00:00:00+00'::timestamptz)) / 45000`,
    ),
    /**
     * Hidden by an operator: out of the feed, search, sitemap, chat and permalinks (its search text is emptied
     * while hidden, so no search index holds it); likes and history rows stay.
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Pinned by an operator to the top of the home feed until this moment (newest pin first). */
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    pinnedUntil: timestamp("pinned_until", { withTimezone: true }),
    /**
     * Articles made from a user's summary (origin `summary`) wait for an operator: `pending` (in the console's
     * 待审核 queue, hidden meanwhile), `rejected` (stays hidden). Null: published (every other article).
     */
    reviewStatus: text("review_status", { enum: ["pending", "rejected"] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("articles_source_url_key").on(t.sourceUrl),
    index("articles_hot_idx").on(t.hotScore.desc(), t.id.desc()),
    uniqueIndex("articles_feed_guid_key").on(t.feedSourceId, t.guid),
    index("articles_published_idx").on(t.publishedAt.desc(), t.id.desc()),
    index("articles_search_idx").using("gin", t.searchVector),
    /** One article in 64, for estimating a common keyword's total (lib/search/total.ts). */
    index("articles_search_sample_idx")
      .using("gin", t.searchVector)
      .where(sql`${t.id} % 64 = 0`),
    index("articles_title_grams_idx").using("gin", t.titleGrams),
    index("articles_title_vector_idx").using("gin", t.titleVector),
    /** The console's article list by source and by platform, newest first. */
    index("articles_source_published_idx").on(t.feedSourceId, t.publishedAt.desc(), t.id.desc()),
    index("articles_platform_published_idx").on(t.platformName, t.publishedAt.desc(), t.id.desc()),
    /** Articles collected per day (the console's overview). */
    index("articles_created_idx").on(t.createdAt),
    /** The few pinned articles, newest pin first. */
    index("articles_pinned_idx").on(t.pinnedAt.desc()).where(sql`${t.pinnedUntil} is not null`),
    /** The few hidden articles (the console's filter). */
    index("articles_hidden_idx").on(t.hiddenAt.desc()).where(sql`${t.hiddenAt} is not null`),
    /**
     * The sitemaps' stamps — per range of ids, how many articles are visible and the newest change — read from
     * the index alone (lib/seo/sitemaps.ts): a million rows' heap is 15 times its size.
     */
    index("articles_sitemap_idx").on(t.id, t.updatedAt, t.hiddenAt),
    /** The console's review queue (few rows), oldest first. */
    index("articles_review_idx").on(t.createdAt, t.id).where(sql`${t.reviewStatus} = 'pending'`),
    check("articles_review_status_valid", sql`${t.reviewStatus} in ('pending', 'rejected')`),
    check("articles_counters_nonnegative", sql`${t.likeCnt} >= 0 and ${t.commentCnt} >= 0 and ${t.favoriteCnt} >= 0 and ${t.viewCnt} >= 0`),
  ],
);
export type Article = typeof articles.$inferSelect;
export type NewArticle = typeof articles.$inferInsert;

/** Embeddings per article and model; a real[] works on every Postgres (pgvector is optional). */
export const articleEmbeddings = pgTable(
  "article_embeddings",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    dimensions: integer("dimensions").notNull(),
    embedding: real("embedding").array().notNull(),
    /** Hash of the text that was embedded, to re-embed changed articles. */
    contentHash: text("content_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.model] })],
);
export type ArticleEmbedding = typeof articleEmbeddings.$inferSelect;
export type NewArticleEmbedding = typeof articleEmbeddings.$inferInsert;

/** Named counters kept by triggers, e.g. 'articles' = number of article rows (feed totals without a scan). */
export const siteCounters = pgTable("site_counters", {
  name: text("name").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull().default(0),
});

// ── Interactions ────────────────────────────────────────────────────────────────────────────────────

const userRef = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const articleRef = () =>
  integer("article_id")
    .notNull()
    .references(() => articles.id, { onDelete: "cascade" });

/** Likes and favourites share one shape: one row per user and article, listed newest first per user. */
const userArticleTable = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
      userId: userRef(),
      articleId: articleRef(),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex(`${name}_user_article_key`).on(t.userId, t.articleId),
      index(`${name}_user_created_idx`).on(t.userId, t.createdAt.desc()),
      index(`${name}_article_idx`).on(t.articleId),
    ],
  );

export const likes = userArticleTable("likes");
export type Like = typeof likes.$inferSelect;
export type NewLike = typeof likes.$inferInsert;

export const favorites = userArticleTable("favorites");
export type Favorite = typeof favorites.$inferSelect;
export type NewFavorite = typeof favorites.$inferInsert;

/** One row per user and article; re-reading moves read_at forward. */
export const readHistory = pgTable(
  "read_history",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: userRef(),
    articleId: articleRef(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
    firstReadAt: timestamp("first_read_at", { withTimezone: true }).notNull().defaultNow(),
    readTimes: integer("read_times").notNull().default(1),
  },
  (t) => [
    uniqueIndex("read_history_user_article_key").on(t.userId, t.articleId),
    index("read_history_user_read_idx").on(t.userId, t.readAt.desc()),
    index("read_history_article_idx").on(t.articleId),
  ],
);
export type ReadHistory = typeof readHistory.$inferSelect;
export type NewReadHistory = typeof readHistory.$inferInsert;

/**
 * A reader's interests (lib/recommendations/profile.ts): title words of what they liked, favourited and read,
 * each weighed in reference units (a signal at time t adds its weight × 2^((t − epoch) / half-life), so the
 * order never changes as time passes and the current weight is the stored one scaled down). At most
 * MAX_INTERESTS rows per reader; the weakest go.
 */
export const userInterests = pgTable(
  "user_interests",
  {
    userId: userRef(),
    term: text("term").notNull(),
    weight: doublePrecision("weight").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.term] }), index("user_interests_user_weight_idx").on(t.userId, t.weight.desc())],
);
export type UserInterest = typeof userInterests.$inferSelect;

/**
 * A reader's taste as a vector, per embedding model (lib/recommendations/profile.ts): the sum of the embeddings
 * of what they liked, favourited and read, each scaled as user_interests weighs it (reference units), with the
 * sum of those scales as `weight`. Its direction is the decayed mean of those articles; the page's neighbours
 * come from it when a model is configured.
 */
export const userVectors = pgTable(
  "user_vectors",
  {
    userId: userRef(),
    model: text("model").notNull(),
    dimensions: integer("dimensions").notNull(),
    vector: doublePrecision("vector").array().notNull(),
    weight: doublePrecision("weight").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.model] })],
);

// ── Comments (lib/comments, docs/comments.md) ───────────────────────────────────────────────────────

/**
 * visible: shown to everyone; pending: held for review (先审后发, a word of the list, a reader under review,
 * three reports, the content-safety provider), shown only to its author; removed: taken down by an operator
 * with a reason its author sees, kept for the record (COMMENT_RECORD_DAYS) then purged; deleted: deleted by its
 * author (or with their account) while replies hang under it — no content left, shown as 该评论已删除.
 */
export const COMMENT_STATUSES = ["visible", "pending", "removed", "deleted"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/**
 * The roots a thread lists: visible ones, and deleted ones that still have visible replies (该评论已删除 above
 * them). The thread queries use this same expression, so the planner matches the partial indexes.
 */
export const THREAD_ROOT = (t: { rootId: AnyPgColumn; status: AnyPgColumn; replyCount: AnyPgColumn }) =>
  sql`${t.rootId} is null and (${t.status} = 'visible' or (${t.status} = 'deleted' and ${t.replyCount} > 0))`;

/**
 * Two levels, as 知乎 and 掘金 show them: a root comment on the article (root_id null) and replies under it
 * (root_id the root; reply_to_id the comment answered, a root or another reply, shown 回复 @某人). Counters move
 * with the rows by trigger (drizzle/0022_comments.sql): articles.comment_cnt counts visible comments, a root's
 * reply_count its visible replies, like_cnt the comment_likes rows.
 */
export const comments = pgTable(
  "comments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Null once the author's account is deleted and the comment stays as 该评论已删除 above replies. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    articleId: articleRef(),
    rootId: integer("root_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    replyToId: integer("reply_to_id").references((): AnyPgColumn => comments.id, { onDelete: "set null" }),
    replyToUserId: integer("reply_to_user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    status: text("status", { enum: COMMENT_STATUSES }).notNull().default("visible"),
    /** Why a pending comment waits (lib/comments/moderation.ts HOLD_REASONS). */
    heldReason: text("held_reason"),
    likeCnt: integer("like_cnt").notNull().default(0),
    replyCount: integer("reply_count").notNull().default(0),
    /** 最热: likes and replies, decaying with age (about ×e every 12.5 hours), for the thread's hot index. */
    hotScore: doublePrecision("hot_score").generatedAlwaysAs(
      sql`log(greatest(like_cnt + 2 * reply_count + 1, 1)) + extract(epoch from (created_at - '2020-01-01 00:00:00+00'::timestamptz)) / 45000`,
    ),
    /** IP 属地 at posting (lib/comments/ip-region.ts), and the address itself for the record (operators only). */
    ipRegion: text("ip_region"),
    requestIp: text("request_ip"),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedReason: text("removed_reason"),
    removedBy: integer("removed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_user_idx").on(t.userId),
    index("comments_article_idx").on(t.articleId),
    // A thread's first page, either sort, from an index alone however long the thread (drizzle/0023).
    index("comments_thread_hot_idx").on(t.articleId, t.hotScore.desc(), t.id.desc()).where(THREAD_ROOT(t)),
    index("comments_thread_new_idx").on(t.articleId, t.createdAt.desc(), t.id.desc()).where(THREAD_ROOT(t)),
    index("comments_replies_idx").on(t.rootId, t.createdAt, t.id).where(sql`${t.rootId} is not null`),
    index("comments_user_recent_idx").on(t.userId, t.createdAt.desc()),
    index("comments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The 已删除 queue's order and the retention sweep's cut-off (removed comments kept COMMENT_RECORD_DAYS).
    index("comments_removed_idx").on(t.removedAt).where(sql`${t.status} = 'removed'`),
    // The foreign keys that point back into comments and users: deleting a comment sets its replies' reply_to_id
    // null, deleting an account its replies' reply_to_user_id and removals' removed_by; without these each
    // deletion scanned every comment (2.1 s at 5,000,000).
    index("comments_reply_to_idx").on(t.replyToId).where(sql`${t.replyToId} is not null`),
    index("comments_reply_to_user_idx").on(t.replyToUserId).where(sql`${t.replyToUserId} is not null`),
    index("comments_removed_by_idx").on(t.removedBy).where(sql`${t.removedBy} is not null`),
    check("comments_status_valid", sql`${t.status} in ('visible', 'pending', 'removed', 'deleted')`),
    check("comments_counters_nonnegative", sql`${t.likeCnt} >= 0 and ${t.replyCount} >= 0`),
  ],
);
export type Comment = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;

/** One like per reader and comment; comments.like_cnt moves with the rows. */
export const commentLikes = pgTable(
  "comment_likes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_likes_user_idx").on(t.userId)],
);

export const COMMENT_REPORT_REASONS = ["spam", "abuse", "illegal", "porn", "rumor", "other"] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];

/** 举报: one per reader and comment; three readers other than the author hold it for review. */
export const commentReports = pgTable(
  "comment_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    reporterId: userRef(),
    reason: text("reason", { enum: COMMENT_REPORT_REASONS }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
    /** When an operator decided the report's comment (kept or removed). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("comment_reports_comment_reporter_key").on(t.commentId, t.reporterId),
    index("comment_reports_reporter_idx").on(t.reporterId),
    index("comment_reports_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
export type CommentReport = typeof commentReports.$inferSelect;

/** The operators' sensitive-word list: a comment containing one is held for review, never dropped. */
export const commentWords = pgTable("comment_words", {
  word: text("word").primaryKey(),
  createdAt: createdAt(),
});

export const NOTIFICATION_KINDS = ["reply", "like", "removed"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * 消息: a reply to one of my comments, likes on one (one unread row per comment, counting them), one of mine
 * removed (with its reason). Read ones stay until the account goes.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: userRef(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** Mine (liked, removed) or the reply to mine. */
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    articleId: articleRef(),
    /** Who replied, or the latest to like. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Likes grouped in this row. */
    count: integer("count").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_like_group_key").on(t.userId, t.commentId).where(sql`${t.kind} = 'like' and ${t.readAt} is null`),
    index("notifications_comment_idx").on(t.commentId),
    index("notifications_actor_idx").on(t.actorId),
    check("notifications_kind_valid", sql`${t.kind} in ('reply', 'like', 'removed')`),
  ],
);
export type Notification = typeof notifications.$inferSelect;

// ── Link summaries ──────────────────────────────────────────────────────────────────────────────────

export const SUMMARY_METHODS = ["quick", "detailed", "knowledge", "storyboard"] as const;
export type SummaryMethod = (typeof SUMMARY_METHODS)[number];
export const TASK_STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const STEP_KEYS = ["fetch", "process", "transcribe", "summarize"] as const;
export type StepKey = (typeof STEP_KEYS)[number];
export type StepStatus = "pending" | "active" | "completed" | "error";
export type TaskStep = { status: StepStatus; message: string; progress: number; error: string | null };
export type TaskSteps = Record<StepKey, TaskStep>;
export type TaskResult = {
  title: string;
  content: string;
  summary: string;
  source_url: string;
  method: SummaryMethod;
  created_at: string;
  reused: boolean;
  article_id: number | null;
  /** The uploader or show, and the media's length in seconds, when a platform adapter read them. */
  author?: string;
  duration?: number;
  /** The timed transcript a summary of media was written from (seconds), for the result screen and its exports. */
  transcript?: { start: number; end: number; text: string }[];
};

/** The summary job queue: workers claim rows with FOR UPDATE SKIP LOCKED and hold a renewable lease. */
export const summaryTasks = pgTable(
  "summary_tasks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    userId: userRef(),
    url: text("url").notNull(),
    normalizedUrl: text("normalized_url").notNull(),
    method: text("method", { enum: SUMMARY_METHODS }).notNull(),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    steps: jsonb("steps").$type<TaskSteps>(),
    result: jsonb("result").$type<TaskResult>(),
    error: text("error"),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("summary_tasks_uuid_key").on(t.uuid),
    index("summary_tasks_queue_idx").on(t.status, t.createdAt),
    index("summary_tasks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("summary_tasks_reuse_idx").on(t.normalizedUrl, t.method, t.status),
    /** Tasks pointing to an article: deleting an article (its foreign key) and a reader's submissions (lib/summary/submissions.ts). */
    index("summary_tasks_article_idx").on(t.articleId).where(sql`${t.articleId} is not null`),
    check("summary_tasks_progress_range", sql`${t.progress} between 0 and 100`),
    check("summary_tasks_method_valid", sql`${t.method} in ('quick', 'detailed', 'knowledge', 'storyboard')`),
    check(
      "summary_tasks_status_valid",
      sql`${t.status} in ('pending', 'processing', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);
export type SummaryTask = typeof summaryTasks.$inferSelect;
export type NewSummaryTask = typeof summaryTasks.$inferInsert;

// ── Operations ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Every action taken in the operator's console or by `npm run admin`, written in the transaction of the
 * change it records; never edited. `actor_name` keeps the account name should the account be deleted.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** e.g. article.hide, source.add, user.disable, task.retry, role.grant */
    action: text("action").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("admin_audit_object_idx").on(t.objectType, t.objectId),
    index("admin_audit_actor_idx").on(t.actorId),
  ],
);
export type AdminAudit = typeof adminAudit.$inferSelect;
export type NewAdminAudit = typeof adminAudit.$inferInsert;

/**
 * What readers look for, per day: one row per day and keyword (normalized), how often it was searched and how
 * many results the last search found. No user id, no address.
 */
export const searchLog = pgTable(
  "search_log",
  {
    day: date("day", { mode: "string" }).notNull(),
    keyword: text("keyword").notNull(),
    searches: integer("searches").notNull().default(0),
    results: integer("results").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.keyword] })],
);
export type SearchLog = typeof searchLog.$inferSelect;

/** Named events counted per day (chat questions …), for the console's overview. */
export const dailyCounters = pgTable(
  "daily_counters",
  {
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    value: integer("value").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name] })],
);
export type DailyCounter = typeof dailyCounters.$inferSelect;

// ── 今日精选 (lib/digest, docs/digest.md) ──────────────────────────────────────────────────────────────

export type DigestPoint = { text: string; article_ids: number[] };
export type DigestSection = { title: string; points: DigestPoint[] };

/**
 * A day's digest: a reader's (user_id) or the site's (user_id null, /daily). Its sections cite articles by id
 * (article_ids holds every one cited, for 已读 and for leaving out an article hidden later). `since`: the
 * articles collected after it were the candidates; the reader's next digest starts where this one was made.
 */
export const digests = pgTable(
  "digests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    writtenBy: text("written_by", { enum: ["model", "local"] }).notNull(),
    sections: jsonb("sections").$type<DigestSection[]>().notNull(),
    articleIds: integer("article_ids").array().notNull(),
    since: timestamp("since", { withTimezone: true }).notNull(),
    /** When the reader first opened it (the header's dot shows until then). */
    seenAt: timestamp("seen_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("digests_user_day_key").on(t.userId, t.day).where(sql`${t.userId} is not null`),
    uniqueIndex("digests_site_day_key").on(t.day).where(sql`${t.userId} is null`),
    check("digests_written_by_valid", sql`${t.writtenBy} in ('model', 'local')`),
  ],
);
export type Digest = typeof digests.$inferSelect;

// ── Web Push (lib/push, docs/offline.md) ──────────────────────────────────────────────────────────────

/**
 * A browser that asked for notifications (a click on /profile): its push service's endpoint and the keys its
 * messages are encrypted for (RFC 8291). Removed when the push service says it is gone (404/410), when the reader
 * turns notifications off there, or with the account.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);
export type PushSubscription = typeof pushSubscriptions.$inferSelect;

export const PUSH_KINDS = ["reply", "digest"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * A notification waiting to be pushed to every subscription of its reader (written in the transaction of what
 * caused it); the push worker sends it under a lease and marks it sent, or gives up after a few tries.
 */
export const pushMessages = pgTable(
  "push_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PUSH_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    /** Subscriptions that have it (a retry goes only to the others). */
    deliveredTo: integer("delivered_to").array().notNull().default(sql`'{}'::integer[]`),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("push_messages_due_idx").on(t.dueAt).where(sql`${t.sentAt} is null`),
    index("push_messages_user_idx").on(t.userId, t.createdAt),
    check("push_messages_kind_valid", sql`${t.kind} in ('reply', 'digest')`),
  ],
);
