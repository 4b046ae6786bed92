// Who may do what. User B aims every user-scoped call at user A's ids: the answer is a 404 or concerns B
// only, and A's data reads the same afterwards. Every endpoint that needs sign-in answers 401 with a
// Chinese detail to a missing, malformed, expired, tampered, alg-none or foreign token and to a token of a
// deleted or unknown account; endpoints open to visitors treat such a token as a visitor.
import { count, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chinaDay } from "@/lib/china-time";
import { authSecret } from "@/lib/auth/secret";
import { TOKEN_COOKIE } from "@/lib/auth/constants";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, pushSubscriptions, summaryTasks } from "@/lib/db/schema";
import { resetConfig } from "@/lib/config";
import { MSG } from "@/lib/messages";
import { searchFieldsFor } from "@/lib/search/text";
import { CJK, deleteUser, ENDPOINTS, newFixture, sampleSend, send, type Endpoint, type Fixture, type Send } from "@/test/endpoints";

const E = (id: string): Endpoint => {
  const e = ENDPOINTS.find((x) => x.id === id);
  if (!e) throw new Error(`no endpoint ${id} in test/endpoints.ts`);
  return e;
};
type Res = Awaited<ReturnType<typeof send>>;

let a: Fixture;
let b: Fixture;
/** The article A likes and favourites (and has read: the fixture's reading record). */
let aArticle: number;

const as = (f: Fixture, id: string, over: Send = {}) => {
  const e = E(id);
  const base = sampleSend(e, f);
  return send(e, { ...base, ...over, token: over.token === undefined ? f.user.token : over.token });
};

/** Everything A can see of A's own data, in a form that other users' actions must not change. */
async function viewOfA() {
  const records = (res: Res) => ({
    total: res.body.total,
    items: res.body.items.map((r: { id: number; created_at?: string; read_timestamp?: string; read_times?: number; article: { id: number } }) => ({
      id: r.id,
      article: r.article.id,
      at: r.created_at ?? r.read_timestamp,
      times: r.read_times,
    })),
  });
  const [me, stats, likes, favorites, history, summaries, task, liked, interests, inbox, thread, digest, digestSettings, push] = await Promise.all([
    as(a, "GET /api/v1/users/me"),
    as(a, "GET /api/v1/users/me/stats"),
    as(a, "GET /api/v1/likes/my-likes"),
    as(a, "GET /api/v1/favorites/my-favorites"),
    as(a, "GET /api/v1/user-read-history/my-history", { query: { time_filter: "all" } }),
    as(a, "GET /api/summary/history"),
    as(a, "GET /api/summary/task/{id}/status"),
    as(a, "GET /api/v1/likes/status/{articleId}", { params: { articleId: String(aArticle) } }),
    as(a, "GET /api/v1/users/me/interests"),
    as(a, "GET /api/v1/notifications"),
    as(a, "GET /api/v1/articles/{id}/comments", { query: { sort: "new" } }),
    as(a, "GET /api/v1/digest"),
    as(a, "GET /api/v1/users/me/digest"),
    as(a, "GET /api/v1/users/me/push"),
  ]);
  for (const r of [me, stats, likes, favorites, history, summaries, task, liked, interests, inbox, thread, digest, digestSettings, push]) expect(r.status, r.text.slice(0, 200)).toBe(200);
  const mine = (thread.body.data.items as { id: number; content: string; user: { id: number } | null }[]).filter((c) => c.user?.id === a.user.id);
  return {
    me: me.body,
    stats: stats.body,
    likes: records(likes),
    favorites: records(favorites),
    history: records(history),
    summaries: summaries.body,
    task: task.body,
    liked: liked.body,
    // Labels and the switch (weights are "as of now": they decay between two reads).
    interests: { personalized: interests.body.personalized, labels: interests.body.items.map((i: { label: string }) => i.label) },
    // B's like on A's comment tells A (that is what a like does): the replies A was told of stay as they were.
    notifications: (() => {
      const replies = (inbox.body.data.items as { id: number; kind: string; read: boolean }[]).filter((n) => n.kind === "reply");
      return { unread: replies.filter((n) => !n.read).length, ids: replies.map((n) => n.id) };
    })(),
    comments: mine.map((c) => [c.id, c.content]),
    // Today's digest as made for A, and A's settings with the private feed's address.
    digest: { kind: digest.body.kind, sections: digest.body.sections },
    digestSettings: digestSettings.body,
    // A's notification kinds and the browser A turned them on in.
    push: push.body.data,
    pushEndpoints: (await (await getDb()).select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.user.id))).map((r) => r.endpoint),
  };
}

let before: Awaited<ReturnType<typeof viewOfA>>;
const articleCount = async () => Number((await (await getDb()).select({ n: count() }).from(articles))[0].n);

const logLevel = process.env.LOG_LEVEL;
const VAPID = webpush.generateVAPIDKeys();
const A_ENDPOINT = `https://fcm.googleapis.com/fcm/send/authz-a-${process.pid}`;
const PUSH_KEYS = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
beforeAll(async () => {
  process.env.LOG_LEVEL = "warn";
  a = await newFixture("authz_a");
  b = await newFixture("authz_b");
  aArticle = a.articleIds[0];
  // A title with words, so A's like and favourite teach A interest labels (the fixture's titles have none).
  const title = `睡眠与跑步${a.user.id}`;
  await (await getDb()).update(articles).set({ title, ...searchFieldsFor({ title }) }).where(eq(articles.id, aArticle));
  expect((await as(a, "POST /api/v1/likes/{articleId}", { params: { articleId: String(aArticle) } })).body.data.action).toBe("liked");
  expect((await as(a, "POST /api/v1/favorites", { body: { article_id: aArticle } })).status).toBe(200);
  expect((await as(a, "PUT /api/v1/users/me", { body: { display_name: "甲", email: "a@example.com", bio: "甲的简介" } })).status).toBe(200);
  // B answers A's comment: A has a notification of their own.
  const reply = await as(b, "POST /api/v1/articles/{id}/comments", { params: { id: String(aArticle) }, body: { content: "乙的回复", reply_to: a.commentId } });
  expect(reply.status).toBe(201);
  // A has a private digest feed and a digest time of their own: B must touch neither.
  expect((await as(a, "POST /api/v1/users/me/digest/feed")).status).toBe(200);
  expect((await as(a, "PUT /api/v1/users/me/digest", { body: { time: "06:00" } })).status).toBe(200);
  // A turned notifications on in a browser and replies off: B must touch neither.
  process.env.VAPID_PUBLIC_KEY = VAPID.publicKey;
  process.env.VAPID_PRIVATE_KEY = VAPID.privateKey;
  resetConfig();
  expect((await as(a, "POST /api/v1/users/me/push/subscriptions", { body: { endpoint: A_ENDPOINT, keys: PUSH_KEYS } })).status).toBe(201);
  expect((await as(a, "PUT /api/v1/users/me/push", { body: { replies: false } })).status).toBe(200);
  before = await viewOfA();
  expect(before.pushEndpoints).toEqual([A_ENDPOINT]);
  expect(before.digestSettings.feed.rss).toContain(`/feeds/digest/${a.user.id}-`);
  expect(before.notifications.unread).toBe(1);
  expect(before.comments).toEqual(expect.arrayContaining([[a.commentId, "夹具评论"]]));
  expect(before.likes.total).toBe(1);
  expect(before.favorites.total).toBe(1);
  expect(before.history.items.map((r: { id: number }) => r.id)).toEqual([a.recordId]);
  expect(before.task.status).toBe("completed");
  expect(before.interests.labels.length).toBeGreaterThan(0); // taught by the like and the favourite
});
afterAll(() => {
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
  resetConfig();
  if (logLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = logLevel;
});

type Attack = [name: string, endpoint: string, run: () => Promise<Res>, check: (res: Res) => void | Promise<void>];
const ids = (res: Res) => (res.body.items as { id: number }[]).map((r) => r.id);

const ATTACKS: Attack[] = [
  [
    "PATCH /api/v1/comments/{A's comment} → 404, the text stays",
    "PATCH /api/v1/comments/{id}",
    () => as(b, "PATCH /api/v1/comments/{id}", { params: { id: String(a.commentId) }, body: { content: "乙改了甲的评论", user_id: a.user.id } }),
    (res) => {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("评论不存在或已被删除");
    },
  ],
  [
    "DELETE /api/v1/comments/{A's comment} → 404, the comment stays",
    "DELETE /api/v1/comments/{id}",
    () => as(b, "DELETE /api/v1/comments/{id}", { params: { id: String(a.commentId) }, query: { user_id: String(a.user.id) } }),
    (res) => {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("评论不存在或已被删除");
    },
  ],
  [
    "POST /api/v1/comments/{A's comment}/like naming A → B's own like",
    "POST /api/v1/comments/{id}/like",
    () => as(b, "POST /api/v1/comments/{id}/like", { params: { id: String(a.commentId) }, body: { user_id: a.user.id } }),
    (res) => expect(res.body.data).toEqual({ action: "liked", like_cnt: 1 }),
  ],
  [
    "POST /api/v1/comments/{A's comment}/report naming A as the reporter → B's one report, counted once",
    "POST /api/v1/comments/{id}/report",
    async () => {
      const first = await as(b, "POST /api/v1/comments/{id}/report", { params: { id: String(a.commentId) }, body: { reason: "spam", user_id: a.user.id } });
      expect(first.body.data).toEqual({ reported: true, already: false });
      return as(b, "POST /api/v1/comments/{id}/report", { params: { id: String(a.commentId) }, body: { reason: "abuse", reporter_id: a.user.id } });
    },
    (res) => expect(res.body.data).toEqual({ reported: true, already: true }),
  ],
  [
    "GET /api/v1/notifications?user_id={A} → B's own",
    "GET /api/v1/notifications",
    () => as(b, "GET /api/v1/notifications", { query: { user_id: String(a.user.id) } }),
    (res) => {
      expect(res.status).toBe(200);
      expect(ids({ ...res, body: res.body.data })).not.toEqual(expect.arrayContaining(before.notifications.ids));
    },
  ],
  [
    "POST /api/v1/notifications/read {A's notification} → A's stays unread",
    "POST /api/v1/notifications/read",
    () => as(b, "POST /api/v1/notifications/read", { body: { ids: before.notifications.ids, user_id: a.user.id } }),
    (res) => expect(res.status).toBe(200),
  ],
  [
    "DELETE /api/v1/user-read-history/{A's record id} → 404",
    "DELETE /api/v1/user-read-history/{id}",
    () => as(b, "DELETE /api/v1/user-read-history/{id}", { params: { id: String(a.recordId) } }),
    (res) => {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe(MSG.recordNotFound);
    },
  ],
  [
    "DELETE /api/v1/user-read-history/clear-all → clears B's records only",
    "DELETE /api/v1/user-read-history/clear-all",
    () => as(b, "DELETE /api/v1/user-read-history/clear-all"),
    (res) => {
      expect(res.status).toBe(200);
      expect(res.body.data.deleted).toBe(1); // B's own fixture record
    },
  ],
  [
    "GET /api/v1/user-read-history/my-history?user_id={A} → B's records only",
    "GET /api/v1/user-read-history/my-history",
    () => as(b, "GET /api/v1/user-read-history/my-history", { query: { user_id: String(a.user.id), userId: String(a.user.id) } }),
    (res) => {
      expect(res.status).toBe(200);
      expect(ids(res)).not.toContain(a.recordId);
    },
  ],
  [
    "POST /api/v1/user-read-history/record {A's article} → a record of B's own",
    "POST /api/v1/user-read-history/record",
    () => as(b, "POST /api/v1/user-read-history/record", { body: { article_id: aArticle, user_id: a.user.id } }),
    (res) => {
      expect(res.status).toBe(200);
      expect(res.body.data.id).not.toBe(a.recordId);
      expect(res.body.data.read_times).toBe(1);
    },
  ],
  [
    "POST /api/v1/likes/{A's liked article} → B's own like",
    "POST /api/v1/likes/{articleId}",
    () => as(b, "POST /api/v1/likes/{articleId}", { params: { articleId: String(aArticle) } }),
    (res) => {
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ action: "liked", like_cnt: 2 });
    },
  ],
  [
    "DELETE /api/v1/likes/{A's liked article} → removes B's like, not A's",
    "DELETE /api/v1/likes/{articleId}",
    () => as(b, "DELETE /api/v1/likes/{articleId}", { params: { articleId: String(aArticle) } }),
    (res) => {
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ action: "unliked", like_cnt: 1 });
    },
  ],
  [
    "DELETE /api/v1/likes/{A's liked article} again → still only B's (idempotent)",
    "DELETE /api/v1/likes/{articleId}",
    () => as(b, "DELETE /api/v1/likes/{articleId}", { params: { articleId: String(aArticle) } }),
    (res) => expect(res.body.data).toEqual({ action: "unliked", like_cnt: 1 }),
  ],
  [
    "PUT /api/v1/likes/{A's liked article} → B's own like (an offline like replayed), A's untouched",
    "PUT /api/v1/likes/{articleId}",
    () => as(b, "PUT /api/v1/likes/{articleId}", { params: { articleId: String(aArticle) } }),
    (res) => expect(res.body.data).toEqual({ action: "liked", like_cnt: 2 }),
  ],
  [
    "DELETE /api/v1/likes/{A's liked article} after B's PUT → B's like gone, A's kept",
    "DELETE /api/v1/likes/{articleId}",
    () => as(b, "DELETE /api/v1/likes/{articleId}", { params: { articleId: String(aArticle) } }),
    (res) => expect(res.body.data).toEqual({ action: "unliked", like_cnt: 1 }),
  ],
  [
    "GET /api/v1/likes/status/{A's liked article} → B's status",
    "GET /api/v1/likes/status/{articleId}",
    () => as(b, "GET /api/v1/likes/status/{articleId}", { params: { articleId: String(aArticle) } }),
    (res) => expect(res.body).toEqual({ data: { is_liked: false } }),
  ],
  [
    "GET /api/v1/likes/my-likes?user_id={A} → B's likes only",
    "GET /api/v1/likes/my-likes",
    () => as(b, "GET /api/v1/likes/my-likes", { query: { user_id: String(a.user.id) } }),
    (res) => {
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
    },
  ],
  [
    "DELETE /api/v1/favorites/{A's favourite} → B's (absent) favourite",
    "DELETE /api/v1/favorites/{articleId}",
    () => as(b, "DELETE /api/v1/favorites/{articleId}", { params: { articleId: String(aArticle) } }),
    (res) => expect(res.body.data).toEqual({ is_favorited: false, favorite_cnt: 1 }),
  ],
  [
    "POST /api/v1/favorites {A's article, user_id: A} → B's own favourite",
    "POST /api/v1/favorites",
    () => as(b, "POST /api/v1/favorites", { body: { article_id: aArticle, user_id: a.user.id } }),
    (res) => expect(res.body.data).toEqual({ is_favorited: true, favorite_cnt: 2 }),
  ],
  [
    "GET /api/v1/favorites/my-favorites?user_id={A} → B's favourites only",
    "GET /api/v1/favorites/my-favorites",
    () => as(b, "GET /api/v1/favorites/my-favorites", { query: { user_id: String(a.user.id) } }),
    (res) => {
      expect(res.body.total).toBe(1);
      expect(ids(res)).not.toContain(before.favorites.items[0].id);
    },
  ],
  [
    "GET /api/v1/users/me?id={A} with X-User-Id: A → B's profile",
    "GET /api/v1/users/me",
    () => as(b, "GET /api/v1/users/me", { query: { id: String(a.user.id) }, headers: { "x-user-id": String(a.user.id) } }),
    (res) => {
      expect(res.body.id).toBe(b.user.id);
      expect(res.body.account_name).toBe(b.user.account);
    },
  ],
  [
    "PUT /api/v1/users/me naming A's id and account → changes B only",
    "PUT /api/v1/users/me",
    () =>
      as(b, "PUT /api/v1/users/me", {
        body: { id: a.user.id, user_id: a.user.id, account_name: a.user.account, display_name: "乙", hashed_password: "x", phone_number: "13800000000" },
      }),
    (res) => {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: b.user.id, account_name: b.user.account, display_name: "乙", phone_number: expect.not.stringMatching(/^13800000000$/), has_password: true });
    },
  ],
  [
    "GET /api/v1/users/me/stats → B's counts",
    "GET /api/v1/users/me/stats",
    () => as(b, "GET /api/v1/users/me/stats"),
    (res) => expect(res.body).toEqual({ likes_count: 0, favorites_count: 1, comments_count: 3, read_count: 1 }), // B's two fixture comments and the reply to A
  ],
  [
    // Both fixtures share a password, so a right one here would delete B (privacy/deletion.int.test.ts plays that:
    // only the caller's account goes, whoever the body names).
    "DELETE /api/v1/users/me naming A with a wrong password → 400, nothing deleted",
    "DELETE /api/v1/users/me",
    () => as(b, "DELETE /api/v1/users/me", { body: { password: "not-the-password", user_id: a.user.id }, query: { user_id: String(a.user.id) } }),
    (res) => expect([res.status, res.body.detail]).toEqual([400, "密码错误"]),
  ],
  [
    "GET /api/v1/users/me/export?user_id={A} → B's data only",
    "GET /api/v1/users/me/export",
    () => as(b, "GET /api/v1/users/me/export", { query: { user_id: String(a.user.id) }, headers: { "x-user-id": String(a.user.id) } }),
    (res) => {
      expect(res.status).toBe(200);
      expect(res.body.profile.id).toBe(b.user.id);
      expect(res.text).not.toContain(a.user.account);
      expect(res.body.likes.map((l: { article_id: number }) => l.article_id)).not.toContain(aArticle);
    },
  ],
  [
    "GET /api/v1/users/me/interests?user_id={A} → B's labels",
    "GET /api/v1/users/me/interests",
    () => as(b, "GET /api/v1/users/me/interests", { query: { user_id: String(a.user.id) } }),
    async (res) => expect(res.body).toEqual((await as(b, "GET /api/v1/users/me/interests")).body),
  ],
  [
    "PUT /api/v1/users/me/interests naming A → switches B only",
    "PUT /api/v1/users/me/interests",
    () => as(b, "PUT /api/v1/users/me/interests", { body: { personalized: false, user_id: a.user.id }, query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.personalized).toBe(false),
  ],
  [
    "GET /api/v1/digest?user_id={A} → B's own digest",
    "GET /api/v1/digest",
    () => as(b, "GET /api/v1/digest", { query: { user_id: String(a.user.id) } }),
    async (res) => expect(res.body).toEqual((await as(b, "GET /api/v1/digest")).body),
  ],
  [
    "GET /api/v1/digest/{today}?user_id={A} → B's own digest of the day",
    "GET /api/v1/digest/{date}",
    () => as(b, "GET /api/v1/digest/{date}", { params: { date: chinaDay(new Date()) }, query: { user_id: String(a.user.id) } }),
    async (res) => expect(res.body.sections).toEqual((await as(b, "GET /api/v1/digest")).body.sections),
  ],
  [
    "GET /api/v1/users/me/digest?user_id={A} → B's settings, never A's feed address",
    "GET /api/v1/users/me/digest",
    () => as(b, "GET /api/v1/users/me/digest", { query: { user_id: String(a.user.id) } }),
    (res) => {
      expect(res.body.time).toBe("07:30");
      expect(res.text).not.toContain(`/feeds/digest/${a.user.id}-`);
    },
  ],
  [
    "PUT /api/v1/users/me/digest naming A → B's time only",
    "PUT /api/v1/users/me/digest",
    () => as(b, "PUT /api/v1/users/me/digest", { body: { time: "21:00", user_id: a.user.id }, query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.time).toBe("21:00"),
  ],
  [
    "POST /api/v1/users/me/digest/feed naming A → a feed of B's own",
    "POST /api/v1/users/me/digest/feed",
    () => as(b, "POST /api/v1/users/me/digest/feed", { body: { user_id: a.user.id }, query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.feed.rss).toContain(`/feeds/digest/${b.user.id}-`),
  ],
  [
    "DELETE /api/v1/users/me/digest/feed naming A → B's feed only",
    "DELETE /api/v1/users/me/digest/feed",
    () => as(b, "DELETE /api/v1/users/me/digest/feed", { query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.feed).toBeNull(),
  ],
  [
    "GET /api/v1/users/me/push?user_id={A} → B's own kinds and browsers",
    "GET /api/v1/users/me/push",
    () => as(b, "GET /api/v1/users/me/push", { query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.data).toMatchObject({ subscriptions: 0, replies: true }),
  ],
  [
    "PUT /api/v1/users/me/push naming A → B's kinds only",
    "PUT /api/v1/users/me/push",
    () => as(b, "PUT /api/v1/users/me/push", { body: { digest: false, user_id: a.user.id }, query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.data).toMatchObject({ digest: false, replies: true }),
  ],
  [
    "POST /api/v1/users/me/push/subscriptions naming A → a browser of B's own",
    "POST /api/v1/users/me/push/subscriptions",
    () => as(b, "POST /api/v1/users/me/push/subscriptions", { body: { endpoint: `${A_ENDPOINT}-b`, keys: PUSH_KEYS, user_id: a.user.id }, query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.data.subscriptions).toBe(1),
  ],
  [
    "DELETE /api/v1/users/me/push/subscriptions {A's endpoint} → nothing of A's removed",
    "DELETE /api/v1/users/me/push/subscriptions",
    () => as(b, "DELETE /api/v1/users/me/push/subscriptions", { body: { endpoint: A_ENDPOINT, user_id: a.user.id } }),
    (res) => expect(res.status).toBe(200),
  ],
  [
    "DELETE /api/v1/users/me/interests/{A's label} → B's own label at most",
    "DELETE /api/v1/users/me/interests/{label}",
    () => as(b, "DELETE /api/v1/users/me/interests/{label}", { params: { label: before.interests.labels[0] }, query: { user_id: String(a.user.id) } }),
    (res) => {
      expect([200, 404]).toContain(res.status); // B may hold the label too (B favourited A's article above)
      if (res.status === 200) expect(res.body.items.map((i: { label: string }) => i.label)).not.toContain(before.interests.labels[0]);
    },
  ],
  [
    "DELETE /api/v1/users/me/interests naming A → clears B's labels only",
    "DELETE /api/v1/users/me/interests",
    () => as(b, "DELETE /api/v1/users/me/interests", { query: { user_id: String(a.user.id) } }),
    (res) => expect(res.body.items).toEqual([]),
  ],
  [
    "GET /api/summary/task/{A's task}/status → 404",
    "GET /api/summary/task/{id}/status",
    () => as(b, "GET /api/summary/task/{id}/status", { params: { id: a.taskId } }),
    (res) => {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("总结任务不存在");
    },
  ],
  [
    "DELETE /api/summary/task/{A's task} → 404, the task stays",
    "DELETE /api/summary/task/{id}",
    () => as(b, "DELETE /api/summary/task/{id}", { params: { id: a.taskId } }),
    (res) => {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("总结任务不存在");
    },
  ],
  [
    "POST /api/summary/task/{A's task}/create-article → 404, no article",
    "POST /api/summary/task/{id}/create-article",
    async () => {
      const n = await articleCount();
      const res = await as(b, "POST /api/summary/task/{id}/create-article", { params: { id: a.taskId } });
      expect(await articleCount()).toBe(n);
      return res;
    },
    (res) => {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("总结任务不存在");
    },
  ],
  [
    "GET /api/summary/history?user_id={A} → B's tasks only",
    "GET /api/summary/history",
    () => as(b, "GET /api/summary/history", { query: { user_id: String(a.user.id) } }),
    (res) => {
      expect(res.status).toBe(200);
      expect((res.body.items as { task_uuid: string }[]).map((t) => t.task_uuid)).not.toContain(a.taskId);
      expect(res.body.items.map((t: { task_uuid: string }) => t.task_uuid)).toContain(b.taskId);
    },
  ],
  [
    "POST /api/summary/create-task with A's link → a task of B's own",
    "POST /api/summary/create-task",
    () => as(b, "POST /api/summary/create-task", { body: { url: before.task.url, method: "quick", user_id: a.user.id } }),
    async (res) => {
      expect(res.status).toBe(200);
      expect(res.body.task_id).not.toBe(a.taskId);
      const [row] = await (await getDb()).select({ userId: summaryTasks.userId }).from(summaryTasks).where(eq(summaryTasks.uuid, res.body.task_id));
      expect(row.userId).toBe(b.user.id);
    },
  ],
  [
    "PUT /api/v1/users/me/phone naming A → B's own number, and without a code nothing changes",
    "PUT /api/v1/users/me/phone",
    () => as(b, "PUT /api/v1/users/me/phone", { body: { phone: "13800000000", code: "123456", user_id: a.user.id, id: a.user.id } }),
    (res) => {
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(MSG.codeExpired);
    },
  ],
  [
    "PUT /api/v1/users/me/password with A's id → checks B's own current password",
    "PUT /api/v1/users/me/password",
    () => as(b, "PUT /api/v1/users/me/password", { body: { current_password: "not-bs-password", new_password: "taken-over-1", user_id: a.user.id } }),
    (res) => {
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(MSG.currentPasswordWrong);
    },
  ],
  [
    "the chat keeps no history on the server: GET /api/v1/chat → 405",
    "POST /api/v1/chat",
    () => send(E("POST /api/v1/chat"), { method: "GET", handler: E("POST /api/v1/chat").module.GET as Endpoint["handler"], token: b.user.token }),
    (res) => expect(res.status).toBe(405),
  ],
  // Last: these end B's sessions (a fresh sign-in each), while A's token keeps working (checked after each).
  ...(["POST /api/v1/auth/logout", "POST /api/v1/auth/logout-all"] as const).map(
    (id): Attack => [
      `${id} naming A → ends B's sessions only`,
      id,
      async () => {
        const fresh = (await as(b, "POST /api/v1/auth/login")).body.data.access_token as string;
        return as(b, id, { token: fresh, query: { user_id: String(a.user.id) }, body: { user_id: a.user.id } });
      },
      async (res) => {
        expect(res.status).toBe(200);
        expect((await as(b, "GET /api/v1/users/me")).status).toBe(401);
      },
    ],
  ),
];

describe("user B acting on user A's ids", () => {
  it("covers every user-scoped endpoint", () => {
    const attacked = new Set(ATTACKS.map(([, endpoint]) => endpoint));
    expect(ENDPOINTS.filter((e) => e.userScoped && !attacked.has(e.id)).map((e) => e.id)).toEqual([]);
  });

  it.each(ATTACKS)("%s, and A's data is unchanged", async (_name, _endpoint, run, check) => {
    const res = await run();
    expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
    if (res.status >= 400) expect(res.body.detail).toMatch(CJK);
    await check(res);
    expect(await viewOfA()).toEqual(before);
  });
});

// ── Tokens ─────────────────────────────────────────────────────────────────────────────────────────────

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);

type BadCredential = { name: string; headers: () => Promise<Record<string, string>>; detail?: string };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signed = (claims: Record<string, unknown>, alg = "HS256", key?: Uint8Array) => async () =>
  bearer(await new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(key ?? (await authSecret())));
const unsigned = (header: Record<string, unknown>, signature = "") => async () =>
  bearer(`${b64(header)}.${b64({ sub: String(a.user.id), iat: now(), exp: now() + 3600 })}.${signature}`);

const BAD: BadCredential[] = [
  { name: "no token", headers: async () => ({}), detail: MSG.loginRequired },
  { name: "an empty Bearer", headers: async () => ({ authorization: "Bearer " }), detail: MSG.loginRequired },
  { name: "a Basic credential", headers: async () => ({ authorization: "Basic dXNlcjpwYXNzd29yZA==" }), detail: MSG.loginRequired },
  { name: "two tokens in one header", headers: async () => ({ authorization: `Bearer ${a.user.token} ${a.user.token}` }), detail: MSG.loginRequired },
  { name: "only the session cookie (the API reads Bearer tokens)", headers: async () => ({ cookie: `${TOKEN_COOKIE}=${a.user.token}` }), detail: MSG.loginRequired },
  { name: "a malformed token", headers: async () => bearer("not-a-token"), detail: MSG.tokenInvalid },
  { name: "three empty parts", headers: async () => bearer(".."), detail: MSG.tokenInvalid },
  { name: "a truncated token", headers: async () => bearer(a.user.token.slice(0, -6)), detail: MSG.tokenInvalid },
  { name: "a token of 3,000 characters", headers: async () => bearer(`${a.user.token}${"A".repeat(3000)}`), detail: MSG.tokenInvalid },
  { name: "an expired token", headers: async () => bearer(await signToken(a.user.id, Date.now() - 8 * 24 * 3600 * 1000)), detail: MSG.tokenInvalid },
  { name: "a correctly signed token without exp", headers: async () => signed({ sub: String(a.user.id), ver: 0, iat: now() })(), detail: MSG.tokenInvalid },
  { name: "a correctly signed token without ver", headers: async () => signed({ sub: String(a.user.id), exp: now() + 3600 })(), detail: MSG.tokenInvalid },
  { name: "a token of another token version (the account signed out since)", headers: async () => bearer(await signToken(a.user.id, Date.now(), 1)), detail: MSG.tokenInvalid },
  { name: "a token not valid yet (nbf in an hour)", headers: async () => signed({ sub: String(a.user.id), nbf: now() + 3600, exp: now() + 7200 })(), detail: MSG.tokenInvalid },
  {
    name: "a token signed with another secret",
    headers: async () => bearer(await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(String(a.user.id)).setExpirationTime("1h").sign(new TextEncoder().encode("another-secret-another-secret-another"))),
    detail: MSG.tokenInvalid,
  },
  {
    name: "B's token with its payload changed to A (signature kept)",
    headers: async () => {
      const [h, p, s] = b.user.token.split(".");
      const payload = JSON.parse(Buffer.from(p, "base64url").toString());
      return bearer(`${h}.${b64({ ...payload, sub: String(a.user.id) })}.${s}`);
    },
    detail: MSG.tokenInvalid,
  },
  { name: "alg none, empty signature", headers: unsigned({ alg: "none", typ: "JWT" }), detail: MSG.tokenInvalid },
  { name: "alg None, empty signature", headers: unsigned({ alg: "None", typ: "JWT" }), detail: MSG.tokenInvalid },
  { name: "alg NONE, A's real signature", headers: async () => unsigned({ alg: "NONE", typ: "JWT" }, a.user.token.split(".")[2])(), detail: MSG.tokenInvalid },
  { name: "alg none, no signature part", headers: async () => bearer(`${b64({ alg: "none" })}.${b64({ sub: String(a.user.id), exp: now() + 3600 })}`), detail: MSG.tokenInvalid },
  { name: "HS512 with the real secret (the algorithm is pinned)", headers: async () => signed({ sub: String(a.user.id), exp: now() + 3600 }, "HS512")(), detail: MSG.tokenInvalid },
  { name: "a token for an unknown user id", headers: async () => bearer(await signToken(999_999_999)), detail: MSG.tokenInvalid },
  { name: "a token for a user id beyond int4", headers: signed({ sub: "99999999999", exp: now() + 3600 }), detail: MSG.tokenInvalid },
  { name: "a non-numeric sub", headers: signed({ sub: "admin", exp: now() + 3600 }), detail: MSG.tokenInvalid },
  { name: "sub 0", headers: signed({ sub: "0", exp: now() + 3600 }), detail: MSG.tokenInvalid },
  { name: "sub -1", headers: signed({ sub: "-1", exp: now() + 3600 }), detail: MSG.tokenInvalid },
  { name: "sub 1.5", headers: signed({ sub: "1.5", exp: now() + 3600 }), detail: MSG.tokenInvalid },
  { name: "a numeric sub claim", headers: async () => signed({ sub: a.user.id, exp: now() + 3600 })(), detail: MSG.tokenInvalid },
  { name: "no sub", headers: signed({ exp: now() + 3600 }), detail: MSG.tokenInvalid },
  { name: "a sub with SQL", headers: signed({ sub: "1 OR 1=1", exp: now() + 3600 }), detail: MSG.tokenInvalid },
  { name: "a token of a deleted account", headers: async () => bearer(deletedToken), detail: MSG.tokenInvalid },
];

let deletedToken: string;
beforeAll(async () => {
  const gone = await newFixture("authz_gone");
  deletedToken = gone.user.token;
  await deleteUser(gone.user.id);
});

// The console's endpoints too: a bad token is a 401 before anything asks whether the caller is an operator.
const required = ENDPOINTS.filter((e) => e.auth === "required" || e.auth === "admin");
describe.each(required.map((e) => [e.id, e] as const))("%s", (_id, e) => {
  it.each(BAD.map((c) => [c.name, c] as const))("answers 401 to %s", async (_name, c) => {
    const res = await send(e, { ...sampleSend(e, a), token: null, headers: await c.headers() });
    expect(res.status, res.text.slice(0, 200)).toBe(401);
    expect(res.body.detail).toMatch(CJK);
    if (c.detail) expect(res.body.detail).toBe(c.detail);
  });
});

/** Lists whose pages past the first are for signed-in readers (SPEC section 6); a thread's comments are for everyone. */
const MEMBERS_PAST_PAGE_ONE = new Set(["/api/v1/articles", "/api/v1/articles/search"]);

describe("endpoints open to visitors treat a bad token as a visitor", () => {
  const open = ENDPOINTS.filter((x) => x.auth === "optional");
  let ip = 0; // visitors' chat limit is per address
  const cases = open.flatMap((x) => BAD.filter((c) => c.name !== "no token").map((c) => [`${x.id} with ${c.name}`, x, c] as const));
  it.each(cases)("%s", async (_name, x, c) => {
    const res = await send(x, { ...sampleSend(x, a), token: null, headers: await c.headers(), peer: `10.7.0.${++ip}` });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    if (x.method === "GET" && MEMBERS_PAST_PAGE_ONE.has(x.path)) {
      // …so a second page, which needs sign-in, is refused.
      const next = await send(x, { ...sampleSend(x, a), query: { ...sampleSend(x, a).query, page: "2" }, token: null, headers: await c.headers() });
      expect(next.status).toBe(401);
      expect(next.body.detail).toMatch(CJK);
    }
  });
});

describe("afterwards", () => {
  it("A's data is as it was", async () => {
    expect(await viewOfA()).toEqual(before);
  });
});
