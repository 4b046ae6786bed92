// Every API route in app/api/** with what the generated tests need to call it: method, path template,
// handler, auth mode, body limit, the fields it reads (and of which kind), and a valid sample request built
// from a fixture (a fresh user with a password, articles, a reading record and a finished summary task);
// and `send`, which builds a request from those pieces and runs the handler in-process.
import { eq, inArray } from "drizzle-orm";
import type { NextRequest } from "next/server";
import * as adminArticles from "@/app/api/admin/articles/route";
import * as humanCheck from "@/app/api/v1/human-check/route";
import * as adminArticleOne from "@/app/api/admin/articles/[id]/route";
import * as adminArticleApprove from "@/app/api/admin/articles/[id]/approve/route";
import * as adminArticleReject from "@/app/api/admin/articles/[id]/reject/route";
import * as adminArticleReview from "@/app/api/admin/articles/review/route";
import * as adminArticleHide from "@/app/api/admin/articles/[id]/hide/route";
import * as adminArticlePin from "@/app/api/admin/articles/[id]/pin/route";
import * as adminArticleUnhide from "@/app/api/admin/articles/[id]/unhide/route";
import * as adminArticleUnpin from "@/app/api/admin/articles/[id]/unpin/route";
import * as adminAudit from "@/app/api/admin/audit/route";
import * as adminOverview from "@/app/api/admin/overview/route";
import * as adminSourcePoll from "@/app/api/admin/sources/[id]/poll/route";
import * as adminSourceOne from "@/app/api/admin/sources/[id]/route";
import * as adminSourcesOpml from "@/app/api/admin/sources/opml/route";
import * as adminSources from "@/app/api/admin/sources/route";
import * as adminTaskCancel from "@/app/api/admin/tasks/[id]/cancel/route";
import * as adminTaskRetry from "@/app/api/admin/tasks/[id]/retry/route";
import * as adminTasks from "@/app/api/admin/tasks/route";
import * as adminUserDisable from "@/app/api/admin/users/[id]/disable/route";
import * as adminUserEnable from "@/app/api/admin/users/[id]/enable/route";
import * as adminUserMute from "@/app/api/admin/users/[id]/mute/route";
import * as adminUserUnmute from "@/app/api/admin/users/[id]/unmute/route";
import * as adminComments from "@/app/api/admin/comments/route";
import * as adminCommentApprove from "@/app/api/admin/comments/[id]/approve/route";
import * as adminCommentRemove from "@/app/api/admin/comments/[id]/remove/route";
import * as adminCommentWords from "@/app/api/admin/comment-words/route";
import * as adminUserRole from "@/app/api/admin/users/[id]/role/route";
import * as adminUsers from "@/app/api/admin/users/route";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import * as indexNowKey from "@/app/api/indexnow-key/[key]/route";
import * as summaryCreate from "@/app/api/summary/create-task/route";
import * as summaryHistory from "@/app/api/summary/history/route";
import * as summaryCreateArticle from "@/app/api/summary/task/[id]/create-article/route";
import * as summaryStatus from "@/app/api/summary/task/[id]/status/route";
import * as summaryTask from "@/app/api/summary/task/[id]/route";
import * as articles from "@/app/api/v1/articles/route";
import * as search from "@/app/api/v1/articles/search/route";
import * as login from "@/app/api/v1/auth/login/route";
import * as logout from "@/app/api/v1/auth/logout/route";
import * as logoutAll from "@/app/api/v1/auth/logout-all/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as chat from "@/app/api/v1/chat/route";
import * as favoriteOne from "@/app/api/v1/favorites/[articleId]/route";
import * as myFavorites from "@/app/api/v1/favorites/my-favorites/route";
import * as favorites from "@/app/api/v1/favorites/route";
import * as likeOne from "@/app/api/v1/likes/[articleId]/route";
import * as myLikes from "@/app/api/v1/likes/my-likes/route";
import * as likeStatus from "@/app/api/v1/likes/status/[articleId]/route";
import * as smsLogin from "@/app/api/v1/sms/login/route";
import * as smsSend from "@/app/api/v1/sms/send/route";
import * as historyOne from "@/app/api/v1/user-read-history/[id]/route";
import * as historyClear from "@/app/api/v1/user-read-history/clear-all/route";
import * as myHistory from "@/app/api/v1/user-read-history/my-history/route";
import * as historyRecord from "@/app/api/v1/user-read-history/record/route";
import * as mePassword from "@/app/api/v1/users/me/password/route";
import * as mePhone from "@/app/api/v1/users/me/phone/route";
import * as me from "@/app/api/v1/users/me/route";
import * as stats from "@/app/api/v1/users/me/stats/route";
import * as interests from "@/app/api/v1/users/me/interests/route";
import * as meExport from "@/app/api/v1/users/me/export/route";
import * as interestOne from "@/app/api/v1/users/me/interests/[label]/route";
import * as digestToday from "@/app/api/v1/digest/route";
import * as digestOn from "@/app/api/v1/digest/[date]/route";
import * as dailyLatest from "@/app/api/v1/daily/route";
import * as dailyOn from "@/app/api/v1/daily/[date]/route";
import * as digestSettings from "@/app/api/v1/users/me/digest/route";
import * as digestFeed from "@/app/api/v1/users/me/digest/feed/route";
import * as pushSettings from "@/app/api/v1/users/me/push/route";
import * as pushSubs from "@/app/api/v1/users/me/push/subscriptions/route";
import * as articleComments from "@/app/api/v1/articles/[id]/comments/route";
import * as articleOne from "@/app/api/v1/articles/[id]/route";
import * as commentOne from "@/app/api/v1/comments/[id]/route";
import * as commentLike from "@/app/api/v1/comments/[id]/like/route";
import * as commentReplies from "@/app/api/v1/comments/[id]/replies/route";
import * as commentReport from "@/app/api/v1/comments/[id]/report/route";
import * as notificationList from "@/app/api/v1/notifications/route";
import * as notificationRead from "@/app/api/v1/notifications/read/route";
import { hashPassword } from "@/lib/auth/password";
import { signToken } from "@/lib/auth/token";
import { CHAT_BODY_LIMIT } from "@/lib/chat/schema";
import { getDb } from "@/lib/db";
import { articles as articleRows, comments, feedSources, readHistory, summaryTasks, users } from "@/lib/db/schema";
import { initialSteps } from "@/lib/summary/service";
import { call } from "./api";
import { newArticles } from "./users";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof HTTP_METHODS)[number];
export type AuthMode = "none" | "optional" | "required" | "admin";
export type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Response | Promise<Response>;

/**
 * What a field holds, which decides the generated cases: text (a JSON string or a query string), int (an id
 * or a page: JSON number or digit string), uuid (a task id), enum (one of `values`), bool, list (chat history).
 */
export type FieldKind = "text" | "int" | "uuid" | "enum" | "bool" | "list" | "ids";
export type Field = {
  in: "params" | "query" | "body";
  name: string;
  kind: FieldKind;
  /** Leaving it out is a 400. */
  required?: boolean;
  /** JSON null is accepted (it clears the field). */
  nullable?: boolean;
  /** The longest accepted text, in characters. */
  max?: number;
  /** Accepted values of an enum. */
  values?: readonly string[];
  /** Free text a user types (search keyword, chat message, profile fields, login account…): injection targets. */
  userText?: boolean;
  /** Valid values that carry a given text (a link with it in its path or query), so it gets past validation. */
  embed?: ((text: string) => string)[];
};

export type TestUser = { id: number; token: string; account: string; password: string };
/**
 * `admin` is an operator for the console's endpoints (`auth: "admin"`), with objects of its own to act on: an
 * article to delete, a feed source, a failed summary task (its row id) and an account to disable.
 */
export type Fixture = {
  user: TestUser;
  articleIds: number[];
  recordId: number;
  taskId: string;
  admin: TestUser;
  spareArticleId: number;
  hiddenArticleId: number;
  /** Two readers' articles waiting for review: the first for approving, the second for rejecting. */
  reviewArticleIds: [number, number];
  sourceId: number;
  spareSourceId: number;
  failedTaskId: number;
  pendingTaskId: number;
  /** A task of the user's own for DELETE /api/summary/task/{id} to remove (the completed one stays for the rest). */
  spareTaskId: string;
  otherUserId: number;
  /** The user's comment on articleIds[0] (edited by PATCH), a second one for DELETE, and another reader's to like and report. */
  commentId: number;
  spareCommentId: number;
  otherCommentId: number;
  /** Another reader's comments for the console: one held for review (approve), one to remove. */
  heldCommentId: number;
  removableCommentId: number;
};

export type Sample = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** How the sample body is sent (the wrapper takes both JSON and forms everywhere). */
  encoding?: "json" | "form";
  headers?: Record<string, string>;
};

export type Endpoint = {
  /** "METHOD /path/{param}" */
  id: string;
  method: Method;
  /** Path template with `{param}` placeholders. */
  path: string;
  /** The route file, relative to the repository. */
  file: string;
  /** Everything the route file exports (its handlers and the 405 answers for the other methods). */
  module: Record<string, unknown>;
  handler: RouteHandler;
  auth: AuthMode;
  /** The route reads a body, capped at this many bytes. */
  bodyLimit?: number;
  fields: Field[];
  sample: (f: Fixture) => Sample;
  /** Statuses the sample may answer (the sample of an SMS login has no code sent: 400). */
  sampleStatus: number[];
  /** Acts on or reads the caller's own rows. */
  userScoped?: boolean;
};

let seq = 0;
const unique = () => `${process.pid}${(++seq).toString(36)}`;
/** A mainland mobile number no other call in this process uses. */
export const uniquePhone = () => `139${String(process.pid % 10_000).padStart(4, "0")}${String(++seq % 10_000).padStart(4, "0")}`;

const page = (name = "page"): Field => ({ in: "query", name, kind: "int" });
const articleParam: Field = { in: "params", name: "articleId", kind: "int", required: true };
const articleBody: Field = { in: "body", name: "article_id", kind: "int", required: true };
const taskParam: Field = { in: "params", name: "id", kind: "uuid", required: true };
const commentArticle: Field = { in: "params", name: "id", kind: "int", required: true };
const commentParam: Field = { in: "params", name: "id", kind: "int", required: true };
const excludeRead: Field = { in: "query", name: "exclude_read", kind: "enum", values: ["true", "false", "1", "0"] };
const phone: Field = { in: "body", name: "phone", kind: "text", required: true, max: 11, userText: true };

function ep(e: Omit<Endpoint, "id" | "sampleStatus" | "fields"> & Partial<Pick<Endpoint, "sampleStatus" | "fields">>): Endpoint {
  return { sampleStatus: [200], fields: [], ...e, id: `${e.method} ${e.path}` };
}

const adminId: Field = { in: "params", name: "id", kind: "int", required: true };
const articleAction = (name: "hide" | "unhide" | "unpin", module: { POST: RouteHandler } & Record<string, unknown>) =>
  ep({
    method: "POST",
    path: `/api/admin/articles/{id}/${name}`,
    file: `app/api/admin/articles/[id]/${name}/route.ts`,
    module,
    handler: module.POST,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.articleIds[1]) } }),
  });

/** The operator's console (auth "admin": 401 without a valid token, 404 for a signed-in non-operator). */
const ADMIN_ENDPOINTS: Endpoint[] = [
  ep({
    method: "GET",
    path: "/api/admin/articles",
    file: "app/api/admin/articles/route.ts",
    module: adminArticles,
    handler: adminArticles.GET,
    auth: "admin",
    fields: [
      { in: "query", name: "q", kind: "text", max: 100, userText: true },
      { in: "query", name: "source_id", kind: "int" },
      // Enums that take "" as "any" (the page's GET form sends its empty selects), so declared as short text.
      { in: "query", name: "platform", kind: "text", max: 50 },
      { in: "query", name: "status", kind: "text", max: 20 },
      { in: "query", name: "hidden", kind: "text", max: 10 },
      { in: "query", name: "pinned", kind: "text", max: 10 },
      page(),
      page("limit"),
    ],
    sample: () => ({ query: { page: "1", limit: "20" } }),
  }),
  ep({
    method: "PATCH",
    path: "/api/admin/articles/{id}",
    file: "app/api/admin/articles/[id]/route.ts",
    module: adminArticleOne,
    handler: adminArticleOne.PATCH,
    auth: "admin",
    fields: [
      adminId,
      { in: "body", name: "title", kind: "text", max: 200, userText: true },
      { in: "body", name: "summary", kind: "text", max: 2000, nullable: true, userText: true },
    ],
    // A hidden article: what the generated cases write into it never reaches search (its search text stays empty).
    sample: (f) => ({ params: { id: String(f.hiddenArticleId) }, body: { summary: "运营写的摘要" } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/admin/articles/{id}",
    file: "app/api/admin/articles/[id]/route.ts",
    module: adminArticleOne,
    handler: adminArticleOne.DELETE,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.spareArticleId) } }),
    sampleStatus: [200, 404], // the first call deletes it
  }),
  articleAction("hide", adminArticleHide),
  articleAction("unhide", adminArticleUnhide),
  ep({
    method: "POST",
    path: "/api/admin/articles/{id}/pin",
    file: "app/api/admin/articles/[id]/pin/route.ts",
    module: adminArticlePin,
    handler: adminArticlePin.POST,
    auth: "admin",
    fields: [adminId, { in: "body", name: "until", kind: "text", required: true, max: 40, userText: true }],
    sample: (f) => ({ params: { id: String(f.articleIds[0]) }, body: { until: new Date(Date.now() + 86_400_000).toISOString() } }),
  }),
  articleAction("unpin", adminArticleUnpin),
  ep({
    method: "GET",
    path: "/api/admin/articles/review",
    file: "app/api/admin/articles/review/route.ts",
    module: adminArticleReview,
    handler: adminArticleReview.GET,
    auth: "admin",
    fields: [page(), page("limit")],
    sample: () => ({ query: { page: "1", limit: "20" } }),
  }),
  ...(
    [
      ["approve", adminArticleApprove, 0],
      ["reject", adminArticleReject, 1],
    ] as const
  ).map(([name, module, n]) =>
    ep({
      method: "POST",
      path: `/api/admin/articles/{id}/${name}`,
      file: `app/api/admin/articles/[id]/${name}/route.ts`,
      module,
      handler: module.POST,
      auth: "admin",
      fields: [adminId],
      // The first call decides; later ones change nothing (200).
      sample: (f) => ({ params: { id: String(f.reviewArticleIds[n]) } }),
    }),
  ),
  ep({
    method: "GET",
    path: "/api/admin/overview",
    file: "app/api/admin/overview/route.ts",
    module: adminOverview,
    handler: adminOverview.GET,
    auth: "admin",
    fields: [{ in: "query", name: "days", kind: "int" }],
    sample: () => ({ query: { days: "30" } }),
  }),
  ep({ method: "GET", path: "/api/admin/sources", file: "app/api/admin/sources/route.ts", module: adminSources, handler: adminSources.GET, auth: "admin", sample: () => ({}) }),
  ep({
    method: "POST",
    path: "/api/admin/sources",
    file: "app/api/admin/sources/route.ts",
    module: adminSources,
    handler: adminSources.POST,
    auth: "admin",
    fields: [
      { in: "body", name: "url", kind: "text", required: true, max: 2000, userText: true, embed: [(t) => `https://example.com/feed/${t}.xml`] },
      // "" or null is 自动识别, and the key is trimmed: short text rather than an enum.
      { in: "body", name: "platform", kind: "text", nullable: true, max: 50 },
      { in: "body", name: "interval", kind: "text", max: 20 },
      { in: "body", name: "allow_private", kind: "bool" },
    ],
    sample: () => ({ body: { url: `https://example.com/feed/${unique()}.xml`, interval: "30m" } }),
    sampleStatus: [201, 200],
  }),
  ep({
    method: "PATCH",
    path: "/api/admin/sources/{id}",
    file: "app/api/admin/sources/[id]/route.ts",
    module: adminSourceOne,
    handler: adminSourceOne.PATCH,
    auth: "admin",
    fields: [adminId, { in: "body", name: "enabled", kind: "bool" }, { in: "body", name: "interval", kind: "text", max: 20 }],
    sample: (f) => ({ params: { id: String(f.sourceId) }, body: { enabled: true } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/admin/sources/{id}",
    file: "app/api/admin/sources/[id]/route.ts",
    module: adminSourceOne,
    handler: adminSourceOne.DELETE,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.spareSourceId) } }),
    sampleStatus: [200, 404], // the first call removes it
  }),
  ep({
    method: "POST",
    path: "/api/admin/sources/{id}/poll",
    file: "app/api/admin/sources/[id]/poll/route.ts",
    module: adminSourcePoll,
    handler: adminSourcePoll.POST,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.sourceId) } }),
    sampleStatus: [200, 409], // 409 while another call polls it
  }),
  ep({ method: "GET", path: "/api/admin/sources/opml", file: "app/api/admin/sources/opml/route.ts", module: adminSourcesOpml, handler: adminSourcesOpml.GET, auth: "admin", sample: () => ({}) }),
  ep({
    method: "POST",
    path: "/api/admin/sources/opml",
    file: "app/api/admin/sources/opml/route.ts",
    module: adminSourcesOpml,
    handler: adminSourcesOpml.POST,
    auth: "admin",
    bodyLimit: 1024 * 1024,
    fields: [{ in: "body", name: "opml", kind: "text", required: true, userText: true }],
    sample: () => ({ body: { opml: `<opml version="2.0"><body><outline type="rss" text="夹具" xmlUrl="https://example.com/opml/${unique()}.xml"/></body></opml>` } }),
  }),
  ep({
    method: "GET",
    path: "/api/admin/tasks",
    file: "app/api/admin/tasks/route.ts",
    module: adminTasks,
    handler: adminTasks.GET,
    auth: "admin",
    fields: [{ in: "query", name: "status", kind: "enum", values: ["active", "processing", "pending", "failed", "cancelled", "completed", "all"] }, { in: "query", name: "id", kind: "int" }, page(), page("limit")],
    sample: () => ({ query: { status: "failed", page: "1" } }),
  }),
  ep({
    method: "POST",
    path: "/api/admin/tasks/{id}/retry",
    file: "app/api/admin/tasks/[id]/retry/route.ts",
    module: adminTaskRetry,
    handler: adminTaskRetry.POST,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.failedTaskId) } }),
  }),
  ep({
    method: "POST",
    path: "/api/admin/tasks/{id}/cancel",
    file: "app/api/admin/tasks/[id]/cancel/route.ts",
    module: adminTaskCancel,
    handler: adminTaskCancel.POST,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.pendingTaskId) } }),
  }),
  ep({
    method: "GET",
    path: "/api/admin/users",
    file: "app/api/admin/users/route.ts",
    module: adminUsers,
    handler: adminUsers.GET,
    auth: "admin",
    fields: [{ in: "query", name: "q", kind: "text", max: 100, userText: true }, { in: "query", name: "role", kind: "enum", values: ["admin", "user"] }, { in: "query", name: "disabled", kind: "enum", values: ["true", "false"] }, page(), page("limit")],
    sample: () => ({ query: { q: "authz", page: "1" } }),
  }),
  ...(["disable", "enable"] as const).map((name) => {
    const routeModule = name === "disable" ? adminUserDisable : adminUserEnable;
    return ep({
      method: "POST",
      path: `/api/admin/users/{id}/${name}`,
      file: `app/api/admin/users/[id]/${name}/route.ts`,
      module: routeModule,
      handler: routeModule.POST,
      auth: "admin",
      fields: [adminId],
      sample: (f) => ({ params: { id: String(f.otherUserId) } }),
    });
  }),
  ep({
    method: "POST",
    path: "/api/admin/users/{id}/mute",
    file: "app/api/admin/users/[id]/mute/route.ts",
    module: adminUserMute,
    handler: adminUserMute.POST,
    auth: "admin",
    bodyLimit: 4 * 1024,
    fields: [adminId, { in: "body", name: "hours", kind: "int", required: true }, { in: "body", name: "reason", kind: "text", required: true, max: 200, userText: true }],
    sample: (f) => ({ params: { id: String(f.otherUserId) }, body: { hours: 1, reason: "刷屏" } }),
  }),
  ep({
    method: "POST",
    path: "/api/admin/users/{id}/unmute",
    file: "app/api/admin/users/[id]/unmute/route.ts",
    module: adminUserUnmute,
    handler: adminUserUnmute.POST,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.otherUserId) } }),
  }),
  ep({
    method: "GET",
    path: "/api/admin/comments",
    file: "app/api/admin/comments/route.ts",
    module: adminComments,
    handler: adminComments.GET,
    auth: "admin",
    fields: [{ in: "query", name: "queue", kind: "enum", values: ["pending", "reported", "removed"] }, page(), page("limit")],
    sample: () => ({ query: { queue: "pending", page: "1" } }),
  }),
  ep({
    method: "POST",
    path: "/api/admin/comments/{id}/approve",
    file: "app/api/admin/comments/[id]/approve/route.ts",
    module: adminCommentApprove,
    handler: adminCommentApprove.POST,
    auth: "admin",
    fields: [adminId],
    sample: (f) => ({ params: { id: String(f.heldCommentId) } }),
  }),
  ep({
    method: "POST",
    path: "/api/admin/comments/{id}/remove",
    file: "app/api/admin/comments/[id]/remove/route.ts",
    module: adminCommentRemove,
    handler: adminCommentRemove.POST,
    auth: "admin",
    bodyLimit: 4 * 1024,
    fields: [adminId, { in: "body", name: "reason", kind: "text", required: true, max: 200, userText: true }],
    sample: (f) => ({ params: { id: String(f.removableCommentId) }, body: { reason: "广告" } }),
  }),
  ep({
    method: "GET",
    path: "/api/admin/comment-words",
    file: "app/api/admin/comment-words/route.ts",
    module: adminCommentWords,
    handler: adminCommentWords.GET,
    auth: "admin",
    sample: () => ({}),
  }),
  ep({
    method: "POST",
    path: "/api/admin/comment-words",
    file: "app/api/admin/comment-words/route.ts",
    module: adminCommentWords,
    handler: adminCommentWords.POST,
    auth: "admin",
    bodyLimit: 4 * 1024,
    fields: [{ in: "body", name: "word", kind: "text", required: true, max: 50, userText: true }],
    sample: () => ({ body: { word: "样例词" } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/admin/comment-words",
    file: "app/api/admin/comment-words/route.ts",
    module: adminCommentWords,
    handler: adminCommentWords.DELETE,
    auth: "admin",
    fields: [{ in: "query", name: "word", kind: "text", required: true, max: 50, userText: true }],
    sample: () => ({ query: { word: "样例词" } }),
    sampleStatus: [200, 404], // once removed, the word is not in the list
  }),
  ep({
    method: "POST",
    path: "/api/admin/users/{id}/role",
    file: "app/api/admin/users/[id]/role/route.ts",
    module: adminUserRole,
    handler: adminUserRole.POST,
    auth: "admin",
    fields: [adminId, { in: "body", name: "role", kind: "enum", required: true, values: ["admin", "user"] }],
    sample: (f) => ({ params: { id: String(f.otherUserId) }, body: { role: "user" } }),
  }),
  ep({
    method: "GET",
    path: "/api/admin/audit",
    file: "app/api/admin/audit/route.ts",
    module: adminAudit,
    handler: adminAudit.GET,
    auth: "admin",
    fields: [
      { in: "query", name: "action", kind: "text", max: 60 },
      { in: "query", name: "actor", kind: "text", max: 100, userText: true },
      page(),
      page("limit"),
    ],
    sample: () => ({ query: { page: "1" } }),
  }),
];

export const ENDPOINTS: Endpoint[] = [
  ...ADMIN_ENDPOINTS,
  ep({ method: "GET", path: "/api/health", file: "app/api/health/route.ts", module: health, handler: health.GET, auth: "none", sample: () => ({}) }),
  ep({ method: "GET", path: "/api/ready", file: "app/api/ready/route.ts", module: ready, handler: ready.GET, auth: "none", sample: () => ({}) }),
  // The IndexNow key file (reached at /{key}.txt by a rewrite): no key is configured in tests, so 404.
  ep({
    method: "GET",
    path: "/api/indexnow-key/{key}",
    file: "app/api/indexnow-key/[key]/route.ts",
    module: indexNowKey,
    handler: indexNowKey.GET as unknown as RouteHandler,
    auth: "none",
    sampleStatus: [404],
    sample: () => ({ params: { key: "0123456789abcdef" } }),
  }),
  ep({
    method: "GET",
    path: "/api/v1/human-check",
    file: "app/api/v1/human-check/route.ts",
    module: humanCheck,
    handler: humanCheck.GET,
    auth: "none",
    fields: [{ in: "query", name: "for", kind: "enum", values: ["/sms/send", "/auth/register"] }],
    sample: () => ({ query: { for: "/sms/send" } }),
  }),
  ep({
    method: "POST",
    path: "/api/summary/create-task",
    file: "app/api/summary/create-task/route.ts",
    module: summaryCreate,
    handler: summaryCreate.POST,
    auth: "required",
    bodyLimit: 8 * 1024,
    userScoped: true,
    fields: [
      {
        in: "body",
        name: "url",
        kind: "text",
        required: true,
        max: 2048,
        userText: true,
        embed: [(t) => `https://example.com/p/${t}`, (t) => `https://example.com/p?q=${t}#${t}`, (t) => `看看这个 https://example.com/${t} 不错`],
      },
      { in: "body", name: "method", kind: "enum", values: ["quick", "detailed", "knowledge", "storyboard"] },
      { in: "body", name: "force", kind: "bool" },
    ],
    sample: () => ({ body: { url: `https://example.com/post/${unique()}`, method: "quick" } }),
  }),
  ep({
    method: "GET",
    path: "/api/summary/history",
    file: "app/api/summary/history/route.ts",
    module: summaryHistory,
    handler: summaryHistory.GET,
    auth: "required",
    userScoped: true,
    fields: [page(), page("per_page")],
    sample: () => ({ query: { page: "1", per_page: "20" } }),
  }),
  ep({
    method: "POST",
    path: "/api/summary/task/{id}/create-article",
    file: "app/api/summary/task/[id]/create-article/route.ts",
    module: summaryCreateArticle,
    handler: summaryCreateArticle.POST,
    auth: "required",
    userScoped: true,
    fields: [taskParam],
    sample: (f) => ({ params: { id: f.taskId } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/summary/task/{id}",
    file: "app/api/summary/task/[id]/route.ts",
    module: summaryTask,
    handler: summaryTask.DELETE,
    auth: "required",
    userScoped: true,
    fields: [taskParam],
    sample: (f) => ({ params: { id: f.spareTaskId } }),
    sampleStatus: [200, 404], // the first call deletes it
  }),
  ep({
    method: "GET",
    path: "/api/summary/task/{id}/status",
    file: "app/api/summary/task/[id]/status/route.ts",
    module: summaryStatus,
    handler: summaryStatus.GET,
    auth: "required",
    userScoped: true,
    fields: [taskParam],
    sample: (f) => ({ params: { id: f.taskId } }),
  }),
  ep({
    method: "GET",
    path: "/api/v1/articles",
    file: "app/api/v1/articles/route.ts",
    module: articles,
    handler: articles.GET,
    auth: "optional",
    fields: [page(), page("limit"), excludeRead],
    sample: () => ({ query: { page: "1", limit: "20" } }),
  }),
  ep({
    method: "GET",
    path: "/api/v1/articles/search",
    file: "app/api/v1/articles/search/route.ts",
    module: search,
    handler: search.GET,
    auth: "optional",
    fields: [{ in: "query", name: "keyword", kind: "text", required: true, max: 100, userText: true }, page(), page("limit"), excludeRead],
    sample: () => ({ query: { keyword: "互动", page: "1", limit: "20" } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/auth/login",
    file: "app/api/v1/auth/login/route.ts",
    module: login,
    handler: login.POST,
    auth: "none",
    bodyLimit: 8 * 1024,
    fields: [
      { in: "body", name: "username", kind: "text", required: true, max: 254, userText: true },
      { in: "body", name: "password", kind: "text", required: true, max: 128, userText: true },
    ],
    sample: (f) => ({ body: { username: f.user.account, password: f.user.password }, encoding: "form" }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/auth/register",
    file: "app/api/v1/auth/register/route.ts",
    module: register,
    handler: register.POST,
    auth: "none",
    bodyLimit: 8 * 1024,
    fields: [
      { in: "body", name: "account_name", kind: "text", required: true, max: 32, userText: true },
      { in: "body", name: "password", kind: "text", required: true, max: 128, userText: true },
      { in: "body", name: "email", kind: "text", nullable: true, max: 254, userText: true },
      { in: "body", name: "phone_number", kind: "text", nullable: true, max: 11, userText: true },
      { in: "body", name: "sms_code", kind: "text", nullable: true, max: 6, userText: true },
      { in: "body", name: "display_name", kind: "text", nullable: true, max: 32, userText: true },
      { in: "body", name: "agree_terms", kind: "bool", required: true },
    ],
    sample: () => ({ body: { account_name: `reg_${unique()}`, password: "secret-pass-1", display_name: "读者", agree_terms: true } }),
  }),
  // Both end every session of the caller's account: after the first call the fixture's token answers 401.
  ...[
    ["/api/v1/auth/logout", "app/api/v1/auth/logout/route.ts", logout] as const,
    ["/api/v1/auth/logout-all", "app/api/v1/auth/logout-all/route.ts", logoutAll] as const,
  ].map(([path, file, module]) =>
    ep({ method: "POST", path, file, module, handler: module.POST, auth: "required", userScoped: true, sample: () => ({}), sampleStatus: [200, 401] }),
  ),
  ep({
    method: "POST",
    path: "/api/v1/chat",
    file: "app/api/v1/chat/route.ts",
    module: chat,
    handler: chat.POST,
    auth: "optional",
    bodyLimit: CHAT_BODY_LIMIT,
    fields: [
      { in: "body", name: "message", kind: "text", required: true, max: 4000, userText: true },
      { in: "body", name: "history", kind: "list" },
    ],
    sample: () => ({ body: { message: "最近有什么好文章？", history: [{ role: "user", content: "你好" }, { role: "assistant", content: "你好！" }] } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/v1/favorites/{articleId}",
    file: "app/api/v1/favorites/[articleId]/route.ts",
    module: favoriteOne,
    handler: favoriteOne.DELETE,
    auth: "required",
    userScoped: true,
    fields: [articleParam],
    sample: (f) => ({ params: { articleId: String(f.articleIds[0]) } }),
  }),
  ep({
    method: "GET",
    path: "/api/v1/favorites/my-favorites",
    file: "app/api/v1/favorites/my-favorites/route.ts",
    module: myFavorites,
    handler: myFavorites.GET,
    auth: "required",
    userScoped: true,
    fields: [page(), page("limit"), { in: "query", name: "sort", kind: "enum", values: ["recent", "oldest", "title"] }],
    sample: () => ({ query: { page: "1", limit: "20", sort: "title" } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/favorites",
    file: "app/api/v1/favorites/route.ts",
    module: favorites,
    handler: favorites.POST,
    auth: "required",
    bodyLimit: 1024,
    userScoped: true,
    fields: [articleBody],
    sample: (f) => ({ body: { article_id: f.articleIds[0] } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/likes/{articleId}",
    file: "app/api/v1/likes/[articleId]/route.ts",
    module: likeOne,
    handler: likeOne.POST,
    auth: "required",
    userScoped: true,
    fields: [articleParam],
    sample: (f) => ({ params: { articleId: String(f.articleIds[0]) } }),
  }),
  ep({
    method: "PUT",
    path: "/api/v1/likes/{articleId}",
    file: "app/api/v1/likes/[articleId]/route.ts",
    module: likeOne,
    handler: likeOne.PUT,
    auth: "required",
    userScoped: true,
    fields: [articleParam],
    sample: (f) => ({ params: { articleId: String(f.articleIds[0]) } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/v1/likes/{articleId}",
    file: "app/api/v1/likes/[articleId]/route.ts",
    module: likeOne,
    handler: likeOne.DELETE,
    auth: "required",
    userScoped: true,
    fields: [articleParam],
    sample: (f) => ({ params: { articleId: String(f.articleIds[0]) } }),
  }),
  ep({
    method: "GET",
    path: "/api/v1/likes/my-likes",
    file: "app/api/v1/likes/my-likes/route.ts",
    module: myLikes,
    handler: myLikes.GET,
    auth: "required",
    userScoped: true,
    fields: [page(), page("limit"), { in: "query", name: "sort", kind: "enum", values: ["recent", "oldest"] }],
    sample: () => ({ query: { page: "1", limit: "20", sort: "recent" } }),
  }),
  ep({
    method: "GET",
    path: "/api/v1/likes/status/{articleId}",
    file: "app/api/v1/likes/status/[articleId]/route.ts",
    module: likeStatus,
    handler: likeStatus.GET,
    auth: "required",
    userScoped: true,
    fields: [articleParam],
    sample: (f) => ({ params: { articleId: String(f.articleIds[0]) } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/sms/login",
    file: "app/api/v1/sms/login/route.ts",
    module: smsLogin,
    handler: smsLogin.POST,
    auth: "none",
    bodyLimit: 4 * 1024,
    fields: [phone, { in: "body", name: "code", kind: "text", required: true, max: 6, userText: true }, { in: "body", name: "agree_terms", kind: "bool" }],
    sample: () => ({ body: { phone: uniquePhone(), code: "123456", agree_terms: true } }),
    sampleStatus: [400], // no code was sent to this phone: 验证码已过期或不存在
  }),
  ep({
    method: "POST",
    path: "/api/v1/sms/send",
    file: "app/api/v1/sms/send/route.ts",
    module: smsSend,
    handler: smsSend.POST,
    auth: "none",
    bodyLimit: 4 * 1024,
    fields: [phone],
    sample: () => ({ body: { phone: uniquePhone() } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/v1/user-read-history/{id}",
    file: "app/api/v1/user-read-history/[id]/route.ts",
    module: historyOne,
    handler: historyOne.DELETE,
    auth: "required",
    userScoped: true,
    fields: [{ in: "params", name: "id", kind: "int", required: true }],
    sample: (f) => ({ params: { id: String(f.recordId) } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/v1/user-read-history/clear-all",
    file: "app/api/v1/user-read-history/clear-all/route.ts",
    module: historyClear,
    handler: historyClear.DELETE,
    auth: "required",
    userScoped: true,
    sample: () => ({}),
  }),
  ep({
    method: "GET",
    path: "/api/v1/user-read-history/my-history",
    file: "app/api/v1/user-read-history/my-history/route.ts",
    module: myHistory,
    handler: myHistory.GET,
    auth: "required",
    userScoped: true,
    fields: [page(), page("limit"), { in: "query", name: "time_filter", kind: "enum", values: ["today", "week", "month", "all"] }],
    sample: () => ({ query: { page: "1", limit: "20", time_filter: "week" } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/user-read-history/record",
    file: "app/api/v1/user-read-history/record/route.ts",
    module: historyRecord,
    handler: historyRecord.POST,
    auth: "required",
    bodyLimit: 1024,
    userScoped: true,
    fields: [articleBody],
    sample: (f) => ({ body: { article_id: f.articleIds[1] } }),
  }),
  ep({ method: "GET", path: "/api/v1/users/me", file: "app/api/v1/users/me/route.ts", module: me, handler: me.GET, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({
    method: "PUT",
    path: "/api/v1/users/me",
    file: "app/api/v1/users/me/route.ts",
    module: me,
    handler: me.PUT,
    auth: "required",
    bodyLimit: 8 * 1024,
    userScoped: true,
    fields: [
      { in: "body", name: "display_name", kind: "text", nullable: true, max: 32, userText: true },
      { in: "body", name: "email", kind: "text", nullable: true, max: 254, userText: true },
      { in: "body", name: "bio", kind: "text", nullable: true, max: 500, userText: true },
    ],
    sample: () => ({ body: { display_name: "新昵称", bio: "喜欢读书" } }),
  }),
  ep({
    method: "PUT",
    path: "/api/v1/users/me/phone",
    file: "app/api/v1/users/me/phone/route.ts",
    module: mePhone,
    handler: mePhone.PUT,
    auth: "required",
    bodyLimit: 4 * 1024,
    userScoped: true,
    fields: [phone, { in: "body", name: "code", kind: "text", required: true, max: 6, userText: true }, { in: "body", name: "agree_terms", kind: "bool" }],
    sample: () => ({ body: { phone: uniquePhone(), code: "123456", agree_terms: true } }),
    sampleStatus: [400], // no code was sent to this phone (a bound number would end the fixture's sessions)
  }),
  ep({
    method: "PUT",
    path: "/api/v1/users/me/password",
    file: "app/api/v1/users/me/password/route.ts",
    module: mePassword,
    handler: mePassword.PUT,
    auth: "required",
    bodyLimit: 4 * 1024,
    userScoped: true,
    fields: [
      { in: "body", name: "current_password", kind: "text", nullable: true, max: 128, userText: true },
      { in: "body", name: "code", kind: "text", nullable: true, max: 6, userText: true },
      { in: "body", name: "new_password", kind: "text", required: true, max: 128, userText: true },
    ],
    sample: () => ({ body: { current_password: "not-the-password", new_password: "new-secret-2" } }),
    sampleStatus: [400], // a wrong current password (a changed one would end the fixture's sessions)
  }),
  ep({
    method: "GET",
    path: "/api/v1/users/me/stats",
    file: "app/api/v1/users/me/stats/route.ts",
    module: stats,
    handler: stats.GET,
    auth: "required",
    userScoped: true,
    sample: () => ({}),
  }),
  ep({
    method: "DELETE",
    path: "/api/v1/users/me",
    file: "app/api/v1/users/me/route.ts",
    module: me,
    handler: me.DELETE,
    auth: "required",
    bodyLimit: 4 * 1024,
    userScoped: true,
    fields: [
      { in: "body", name: "password", kind: "text", nullable: true, max: 128, userText: true },
      { in: "body", name: "code", kind: "text", nullable: true, max: 6, userText: true },
    ],
    sample: () => ({ body: { password: "not-the-password" } }),
    sampleStatus: [400], // a wrong password (a right one would delete the fixture's account: privacy/deletion.int.test.ts does)
  }),
  ep({ method: "GET", path: "/api/v1/users/me/export", file: "app/api/v1/users/me/export/route.ts", module: meExport, handler: meExport.GET, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({ method: "GET", path: "/api/v1/users/me/interests", file: "app/api/v1/users/me/interests/route.ts", module: interests, handler: interests.GET, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({
    method: "PUT",
    path: "/api/v1/users/me/interests",
    file: "app/api/v1/users/me/interests/route.ts",
    module: interests,
    handler: interests.PUT,
    auth: "required",
    bodyLimit: 1024,
    userScoped: true,
    fields: [{ in: "body", name: "personalized", kind: "bool", required: true }],
    sample: () => ({ body: { personalized: true } }),
  }),
  ep({ method: "DELETE", path: "/api/v1/users/me/interests", file: "app/api/v1/users/me/interests/route.ts", module: interests, handler: interests.DELETE, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({
    method: "DELETE",
    path: "/api/v1/users/me/interests/{label}",
    file: "app/api/v1/users/me/interests/[label]/route.ts",
    module: interestOne,
    handler: interestOne.DELETE,
    auth: "required",
    userScoped: true,
    fields: [{ in: "params", name: "label", kind: "text", required: true, max: 64, userText: true }],
    sample: () => ({ params: { label: "睡眠" } }),
    sampleStatus: [404], // the fixture's reader has no interest by that label (interests.int.test.ts removes real ones)
  }),
  // 今日精选 (issue 44).
  ep({ method: "GET", path: "/api/v1/digest", file: "app/api/v1/digest/route.ts", module: digestToday, handler: digestToday.GET, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({
    method: "GET",
    path: "/api/v1/digest/{date}",
    file: "app/api/v1/digest/[date]/route.ts",
    module: digestOn,
    handler: digestOn.GET,
    auth: "required",
    userScoped: true,
    fields: [{ in: "params", name: "date", kind: "text", required: true, max: 10 }],
    sample: () => ({ params: { date: "2020-01-01" } }),
    sampleStatus: [404], // a day beyond the 30 kept (today's is made by the digest tests)
  }),
  ep({ method: "GET", path: "/api/v1/daily", file: "app/api/v1/daily/route.ts", module: dailyLatest, handler: dailyLatest.GET, auth: "none", sample: () => ({}) }),
  ep({
    method: "GET",
    path: "/api/v1/daily/{date}",
    file: "app/api/v1/daily/[date]/route.ts",
    module: dailyOn,
    handler: dailyOn.GET,
    auth: "none",
    fields: [{ in: "params", name: "date", kind: "text", required: true, max: 10 }],
    sample: () => ({ params: { date: "2020-01-01" } }),
    sampleStatus: [404], // no site digest that day
  }),
  // Web Push (issue 45).
  ep({ method: "GET", path: "/api/v1/users/me/push", file: "app/api/v1/users/me/push/route.ts", module: pushSettings, handler: pushSettings.GET, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({
    method: "PUT",
    path: "/api/v1/users/me/push",
    file: "app/api/v1/users/me/push/route.ts",
    module: pushSettings,
    handler: pushSettings.PUT,
    auth: "required",
    bodyLimit: 1024,
    userScoped: true,
    fields: [
      { in: "body", name: "replies", kind: "bool" },
      { in: "body", name: "digest", kind: "bool" },
    ],
    sample: () => ({ body: { replies: true, digest: true } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/users/me/push/subscriptions",
    file: "app/api/v1/users/me/push/subscriptions/route.ts",
    module: pushSubs,
    handler: pushSubs.POST,
    auth: "required",
    bodyLimit: 4096,
    userScoped: true,
    fields: [{ in: "body", name: "endpoint", kind: "text", required: true, max: 2048 }],
    sample: () => ({ body: { endpoint: `https://fcm.googleapis.com/fcm/send/${unique()}`, keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } } }),
    sampleStatus: [201, 409], // 409 where the run has no VAPID keys
  }),
  ep({
    method: "DELETE",
    path: "/api/v1/users/me/push/subscriptions",
    file: "app/api/v1/users/me/push/subscriptions/route.ts",
    module: pushSubs,
    handler: pushSubs.DELETE,
    auth: "required",
    bodyLimit: 4096,
    userScoped: true,
    fields: [{ in: "body", name: "endpoint", kind: "text", required: true, max: 2048 }],
    sample: () => ({ body: { endpoint: "https://fcm.googleapis.com/fcm/send/gone" } }),
  }),
  ep({ method: "GET", path: "/api/v1/users/me/digest", file: "app/api/v1/users/me/digest/route.ts", module: digestSettings, handler: digestSettings.GET, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({
    method: "PUT",
    path: "/api/v1/users/me/digest",
    file: "app/api/v1/users/me/digest/route.ts",
    module: digestSettings,
    handler: digestSettings.PUT,
    auth: "required",
    bodyLimit: 1024,
    userScoped: true,
    fields: [
      { in: "body", name: "enabled", kind: "bool" },
      { in: "body", name: "time", kind: "text", max: 5 },
    ],
    sample: () => ({ body: { enabled: true, time: "07:30" } }),
  }),
  ep({ method: "POST", path: "/api/v1/users/me/digest/feed", file: "app/api/v1/users/me/digest/feed/route.ts", module: digestFeed, handler: digestFeed.POST, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({ method: "DELETE", path: "/api/v1/users/me/digest/feed", file: "app/api/v1/users/me/digest/feed/route.ts", module: digestFeed, handler: digestFeed.DELETE, auth: "required", userScoped: true, sample: () => ({}) }),
  ep({
    method: "GET",
    path: "/api/v1/articles/{id}",
    file: "app/api/v1/articles/[id]/route.ts",
    module: articleOne,
    handler: articleOne.GET,
    auth: "optional",
    fields: [commentArticle],
    sample: (f) => ({ params: { id: String(f.articleIds[0]) } }),
  }),
  // Comments (issue 43).
  ep({
    method: "GET",
    path: "/api/v1/articles/{id}/comments",
    file: "app/api/v1/articles/[id]/comments/route.ts",
    module: articleComments,
    handler: articleComments.GET,
    auth: "optional",
    fields: [commentArticle, { in: "query", name: "sort", kind: "enum", values: ["hot", "new"] }, page(), page("limit")],
    sample: (f) => ({ params: { id: String(f.articleIds[0]) }, query: { sort: "hot", page: "1", limit: "20" } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/articles/{id}/comments",
    file: "app/api/v1/articles/[id]/comments/route.ts",
    module: articleComments,
    handler: articleComments.POST,
    auth: "required",
    bodyLimit: 16 * 1024,
    fields: [commentArticle, { in: "body", name: "content", kind: "text", required: true, max: 1000, userText: true }, { in: "body", name: "reply_to", kind: "int", nullable: true }],
    sample: (f) => ({ params: { id: String(f.articleIds[0]) }, body: { content: `样例评论 ${unique()}` } }),
    sampleStatus: [201],
  }),
  ep({
    method: "GET",
    path: "/api/v1/comments/{id}/replies",
    file: "app/api/v1/comments/[id]/replies/route.ts",
    module: commentReplies,
    handler: commentReplies.GET,
    auth: "optional",
    fields: [commentParam, page(), page("limit")],
    sample: (f) => ({ params: { id: String(f.commentId) }, query: { page: "1", limit: "20" } }),
  }),
  ep({
    method: "PATCH",
    path: "/api/v1/comments/{id}",
    file: "app/api/v1/comments/[id]/route.ts",
    module: commentOne,
    handler: commentOne.PATCH,
    auth: "required",
    userScoped: true,
    bodyLimit: 16 * 1024,
    fields: [commentParam, { in: "body", name: "content", kind: "text", required: true, max: 1000, userText: true }],
    sample: (f) => ({ params: { id: String(f.commentId) }, body: { content: "改过的评论" } }),
  }),
  ep({
    method: "DELETE",
    path: "/api/v1/comments/{id}",
    file: "app/api/v1/comments/[id]/route.ts",
    module: commentOne,
    handler: commentOne.DELETE,
    auth: "required",
    userScoped: true,
    fields: [commentParam],
    sample: (f) => ({ params: { id: String(f.spareCommentId) } }),
    sampleStatus: [200, 404], // the first call deletes it
  }),
  ep({
    method: "POST",
    path: "/api/v1/comments/{id}/like",
    file: "app/api/v1/comments/[id]/like/route.ts",
    module: commentLike,
    handler: commentLike.POST,
    auth: "required",
    userScoped: true,
    fields: [commentParam],
    sample: (f) => ({ params: { id: String(f.otherCommentId) } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/comments/{id}/report",
    file: "app/api/v1/comments/[id]/report/route.ts",
    module: commentReport,
    handler: commentReport.POST,
    auth: "required",
    userScoped: true,
    bodyLimit: 4 * 1024,
    fields: [
      commentParam,
      { in: "body", name: "reason", kind: "enum", required: true, values: ["spam", "abuse", "illegal", "porn", "rumor", "other"] },
      { in: "body", name: "note", kind: "text", max: 200, nullable: true, userText: true },
    ],
    sample: (f) => ({ params: { id: String(f.otherCommentId) }, body: { reason: "spam", note: "广告" } }),
  }),
  ep({
    method: "GET",
    path: "/api/v1/notifications",
    file: "app/api/v1/notifications/route.ts",
    module: notificationList,
    handler: notificationList.GET,
    auth: "required",
    userScoped: true,
    fields: [page(), page("limit")],
    sample: () => ({ query: { page: "1", limit: "20" } }),
  }),
  ep({
    method: "POST",
    path: "/api/v1/notifications/read",
    file: "app/api/v1/notifications/read/route.ts",
    module: notificationRead,
    handler: notificationRead.POST,
    auth: "required",
    userScoped: true,
    bodyLimit: 8 * 1024,
    fields: [{ in: "body", name: "ids", kind: "ids" }],
    sample: () => ({ body: { ids: [1] } }),
  }),
];

/** The route files, each with the methods the registry lists for it. */
export function routeFiles(): { file: string; path: string; module: Record<string, unknown>; methods: Method[] }[] {
  const byFile = new Map<string, { file: string; path: string; module: Record<string, unknown>; methods: Method[] }>();
  for (const e of ENDPOINTS) {
    const entry = byFile.get(e.file) ?? { file: e.file, path: e.path, module: e.module, methods: [] };
    entry.methods.push(e.method);
    byFile.set(e.file, entry);
  }
  return [...byFile.values()];
}

export const textFields = (e: Endpoint) => e.fields.filter((f) => f.userText);

// ── Fixtures ───────────────────────────────────────────────────────────────────────────────────────────

export const PASSWORD = "secret-pass-1";
let passwordHash: Promise<string> | undefined;

/** A user with a password (hashed once per file) and a token. */
export async function newUserWithPassword(prefix = "m"): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const account = `${prefix}_${unique()}`;
  const [u] = await (await getDb())
    .insert(users)
    .values({ accountName: account, displayName: "测试用户", hashedPassword: await passwordHash })
    .returning();
  return { id: u.id, token: await signToken(u.id), account, password: PASSWORD };
}

/** A user, two articles, a reading record of the first and a finished summary task, all the user's. */
export async function newFixture(prefix = "m"): Promise<Fixture> {
  const db = await getDb();
  const user = await newUserWithPassword(prefix);
  const articleIds = (await newArticles(2, `夹具${prefix}`)).map((a) => a.id);
  const [record] = await db.insert(readHistory).values({ userId: user.id, articleId: articleIds[0] }).returning({ id: readHistory.id });
  const url = `https://example.com/summary/${unique()}`;
  const [task] = await db
    .insert(summaryTasks)
    .values({
      userId: user.id,
      url,
      normalizedUrl: url,
      method: "quick",
      status: "completed",
      progress: 100,
      steps: initialSteps(),
      result: { title: "总结标题", content: "## 要点\n\n- 一", summary: "一", source_url: url, method: "quick", created_at: new Date().toISOString(), reused: false, article_id: null },
    })
    .returning({ uuid: summaryTasks.uuid });
  // The console's objects: an operator, a spare article, a source, a failed task and another account.
  const admin = await newUserWithPassword(`${prefix}_op`);
  await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  const [spare, hidden, approvable, rejectable] = await newArticles(4, `备用${prefix}`);
  await db.update(articleRows).set({ hiddenAt: new Date() }).where(eq(articleRows.id, hidden.id));
  await db
    .update(articleRows)
    .set({ origin: "summary", reviewStatus: "pending", hiddenAt: new Date(), searchTitle: "", searchBody: "", searchGrams: "" })
    .where(inArray(articleRows.id, [approvable.id, rejectable.id]));
  // Polled by a sample: a loopback address, refused at once (no network in tests).
  const [source, spareSource] = await db
    .insert(feedSources)
    .values([{ url: `http://127.0.0.1:9/feed/${unique()}.xml` }, { url: `http://127.0.0.1:9/feed/${unique()}.xml` }])
    .returning({ id: feedSources.id });
  const [failed, pending, spareTask] = await db
    .insert(summaryTasks)
    .values([
      { userId: user.id, url, normalizedUrl: url, method: "detailed", status: "failed", error: "抓取失败", steps: initialSteps(), attempts: 1 },
      { userId: user.id, url, normalizedUrl: url, method: "knowledge", status: "pending", steps: initialSteps() },
      { userId: user.id, url, normalizedUrl: url, method: "storyboard", status: "failed", error: "抓取失败", steps: initialSteps(), attempts: 1 },
    ])
    .returning({ id: summaryTasks.id, uuid: summaryTasks.uuid });
  const other = await newUserWithPassword(`${prefix}_other`);
  // Commenting asks for a proven phone: the fixture's reader has one.
  await db.update(users).set({ phoneNumber: uniquePhone(), phoneVerifiedAt: new Date() }).where(eq(users.id, user.id));
  const [comment, spareComment, otherComment, heldComment, removableComment] = await db
    .insert(comments)
    .values([
      { userId: user.id, articleId: articleIds[0], content: "夹具评论" },
      { userId: user.id, articleId: articleIds[0], content: "要删的夹具评论" },
      { userId: other.id, articleId: articleIds[0], content: "别人的评论" },
      { userId: other.id, articleId: articleIds[0], content: "待审核的评论", status: "pending", heldReason: "word" },
      { userId: other.id, articleId: articleIds[0], content: "要被管理员删除的评论" },
    ])
    .returning({ id: comments.id });
  return {
    user,
    articleIds,
    recordId: record.id,
    taskId: task.uuid,
    admin,
    spareArticleId: spare.id,
    hiddenArticleId: hidden.id,
    reviewArticleIds: [approvable.id, rejectable.id],
    sourceId: source.id,
    spareSourceId: spareSource.id,
    failedTaskId: failed.id,
    pendingTaskId: pending.id,
    spareTaskId: spareTask.uuid,
    otherUserId: other.id,
    commentId: comment.id,
    spareCommentId: spareComment.id,
    otherCommentId: otherComment.id,
    heldCommentId: heldComment.id,
    removableCommentId: removableComment.id,
  };
}

export async function deleteUser(id: number): Promise<void> {
  await (await getDb()).delete(users).where(eq(users.id, id));
}

// ── Requests ───────────────────────────────────────────────────────────────────────────────────────────

/** A JSON literal written as is (1e309, -0), which JSON.stringify cannot produce. */
export class RawJson {
  constructor(readonly text: string) {}
}
/** Leaves the field out. */
export const MISSING = Symbol("missing");

/**
 * Percent-encodes like encodeURIComponent, but also lone surrogates (as their WTF-8 bytes, which the
 * server decodes to U+FFFD like any invalid UTF-8), so every test string can go into a URL.
 */
export function encodeLoose(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out +=
      c >= 0xd800 && c <= 0xdfff
        ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("")
        : encodeURIComponent(ch);
  }
  return out;
}

/** The JSON text of a body whose values may be RawJson literals or MISSING. */
export function jsonText(body: Record<string, unknown>): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_k, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v === MISSING ? undefined : v;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]);
}

export type Send = {
  params?: Record<string, string | typeof MISSING>;
  query?: Record<string, string | typeof MISSING>;
  /** A JSON object body (values may be RawJson or MISSING). */
  body?: Record<string, unknown>;
  /** A body sent exactly as given. */
  raw?: string;
  /** Sends the body form-encoded (string values only). */
  form?: boolean;
  /** null: no content-type header. */
  contentType?: string | null;
  token?: string | null;
  headers?: Record<string, string>;
  /** The socket address the request comes from (test/api.ts). */
  peer?: string;
  /** Overrides the endpoint's method. */
  method?: string;
  /** Calls this handler instead of the endpoint's. */
  handler?: RouteHandler;
};

const present = <T>(o: Record<string, T | typeof MISSING> = {}) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== MISSING)) as Record<string, T>;

/** Sends a request to an endpoint, in-process, the way Next would. */
export async function send(e: Endpoint, s: Send) {
  const params = present(s.params);
  const query = present(s.query);
  const path = e.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeLoose(params[name] ?? ""));
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)
    .join("&");
  const headers: Record<string, string> = { ...s.headers };
  let raw = s.raw;
  if (raw === undefined && s.body) {
    raw = s.form ? new URLSearchParams(present(s.body as Record<string, string>)).toString() : jsonText(s.body);
  }
  const type = s.contentType === undefined ? (raw === undefined ? undefined : s.form ? "application/x-www-form-urlencoded" : "application/json") : s.contentType;
  if (type) headers["content-type"] = type;
  const handler = s.handler ?? e.handler;
  const res = await call(async (req, ctx) => handler(req, ctx), `${path}${qs ? `?${qs}` : ""}`, {
    method: s.method ?? e.method,
    raw,
    headers,
    token: s.token ?? undefined,
    params,
    peer: s.peer,
  });
  return res;
}

/** The sample request of an endpoint for a fixture, as a Send (token included when the route reads one). */
export function sampleSend(e: Endpoint, f: Fixture): Send {
  const s = e.sample(f);
  return {
    params: s.params,
    query: s.query,
    body: s.body,
    form: s.encoding === "form",
    headers: s.headers,
    token: e.auth === "none" ? null : e.auth === "admin" ? f.admin.token : f.user.token,
  };
}

/** At least one CJK character: every error detail is written in Chinese. */
export const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
