import "server-only";
// Summary tasks as the API sees them: creating one (limits, reuse of a completed summary of the same page
// and method), its status for its owner only, the owner's history, and turning a result into a feed article.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { announceArticles } from "@/lib/announce";
import { ApiError } from "@/lib/api/errors";
import { getConfig } from "@/lib/config";
import { scaled } from "@/lib/abuse/budgets";
import { orGiveBack, refuse, spend, type Budget } from "@/lib/abuse/spend";
import { detectPlatform } from "@/lib/articles/platforms";
import { markdownToPlainText, searchFieldsFor } from "@/lib/search/text";
import type { Db } from "@/lib/db/client";
import { articles, STEP_KEYS, summaryTasks, type SummaryTask, type TaskSteps } from "@/lib/db/schema";
import { normalizeUrl } from "@/lib/articles/source-url";
import { dropOrphanedSubmissions, submittedArticles } from "./submissions";
import type { CreateTaskBody } from "./schema";

export const MAX_RUNNING_PER_USER = 3;
export const DAILY_TASKS_PER_USER = 50;
const DAY = 86_400_000;

export function initialSteps(): TaskSteps {
  return Object.fromEntries(STEP_KEYS.map((k) => [k, { status: "pending", message: "等待中", progress: 0, error: null }])) as TaskSteps;
}

/** The abuse budget of a request (lib/abuse/budgets.ts): the client's address and whether the account is new. */
export type SummaryBudget = { ip: string; fresh: boolean };

export async function createTask({ db, userId, body, budget }: { db: Db; userId: number; body: CreateTaskBody; budget?: SummaryBudget }) {
  const normalizedUrl = normalizeUrl(body.url);
  const [done] = body.force
    ? []
    : await db
        .select()
        .from(summaryTasks)
        .where(and(eq(summaryTasks.normalizedUrl, normalizedUrl), eq(summaryTasks.method, body.method), eq(summaryTasks.status, "completed")))
        .orderBy(desc(summaryTasks.completedAt))
        .limit(1);
  if (done?.result) {
    // The same page, summarised the same way: answered at once.
    const [task] = await db
      .insert(summaryTasks)
      .values({
        userId,
        url: body.url,
        normalizedUrl,
        method: body.method,
        status: "completed",
        progress: 100,
        steps: done.steps,
        // The summary is shared, the link is not: each reader's result carries the link they gave (their own
        // share tokens and fragment), never the first requester's.
        result: { ...done.result, source_url: body.url, reused: true, created_at: new Date().toISOString() },
        articleId: done.articleId,
        startedAt: sql`now()`,
        completedAt: sql`now()`,
      })
      .returning();
    return { task_id: task.uuid, status: task.status };
  }
  // A day's tasks: fewer for an account younger than a day, and one cap for all accounts on an address; spent
  // before the task exists (lib/abuse/spend.ts), given back when the running cap refuses it.
  const dailyLimit = budget?.fresh ? scaled("summaryFreshUserDay") : DAILY_TASKS_PER_USER;
  const budgets: Budget[] = [
    { key: `summary:user:${userId}:day`, limit: dailyLimit, windowMs: DAY, full: refuse(`每天最多发起 ${dailyLimit} 个总结任务，明天再来吧`) },
    ...(budget ? [{ key: `summary:ip:${budget.ip}:day`, limit: scaled("summaryPerAddressDay"), windowMs: DAY, full: refuse("当前网络今天发起的总结任务过多，明天再来吧") }] : []),
  ];
  const spending = await spend(db, budgets);
  // The running cap, counted and kept under a per-reader lock: a burst of requests cannot all count the same tasks.
  const task = await orGiveBack(spending, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`summary-running:${userId}`}))`);
      const [{ running }] = await tx
        .select({ running: count() })
        .from(summaryTasks)
        .where(and(eq(summaryTasks.userId, userId), inArray(summaryTasks.status, ["pending", "processing"])));
      if (Number(running) >= MAX_RUNNING_PER_USER) throw new ApiError("rate_limited", `最多同时进行 ${MAX_RUNNING_PER_USER} 个总结任务，请等当前任务完成后再试`);
      const [row] = await tx.insert(summaryTasks).values({ userId, url: body.url, normalizedUrl, method: body.method, steps: initialSteps() }).returning();
      return row;
    }),
  );
  return { task_id: task.uuid, status: task.status };
}

async function ownTask(db: Db, userId: number, uuid: string): Promise<SummaryTask> {
  const [task] = await db.select().from(summaryTasks).where(and(eq(summaryTasks.uuid, uuid), eq(summaryTasks.userId, userId)));
  if (!task) throw new ApiError("not_found", "总结任务不存在");
  return task;
}

export async function taskStatus({ db, userId, uuid }: { db: Db; userId: number; uuid: string }) {
  const t = await ownTask(db, userId, uuid);
  return {
    task_id: t.uuid,
    status: t.status,
    progress: Math.max(0, Math.min(100, Math.round(t.progress))),
    url: t.url,
    method: t.method,
    error: t.error,
    steps: t.steps ?? initialSteps(),
    result: t.result ? { ...t.result, article_id: t.articleId ?? t.result.article_id } : null,
    created_at: t.createdAt.toISOString(),
    started_at: t.startedAt?.toISOString() ?? null,
    completed_at: t.completedAt?.toISOString() ?? null,
  };
}

/**
 * 删除 on the summary history: the caller's task goes with its link and result (a worker running it stops at its
 * next progress report: its lease names a row that is gone), and with it an article made from it that no
 * operator has published and no other task points to (lib/summary/submissions.ts). Someone else's task: 404.
 */
export async function deleteTask({ db, userId, uuid }: { db: Db; userId: number; uuid: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const own = sql`uuid = ${uuid} and user_id = ${userId}`;
    const submitted = await submittedArticles(tx, own);
    const gone = await tx.delete(summaryTasks).where(and(eq(summaryTasks.uuid, uuid), eq(summaryTasks.userId, userId))).returning({ id: summaryTasks.id });
    if (!gone.length) throw new ApiError("not_found", "总结任务不存在");
    await dropOrphanedSubmissions(tx, submitted);
  });
}

export async function taskHistory({ db, userId, page, perPage }: { db: Db; userId: number; page: number; perPage: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(summaryTasks)
      .where(eq(summaryTasks.userId, userId))
      .orderBy(desc(summaryTasks.createdAt), desc(summaryTasks.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(summaryTasks).where(eq(summaryTasks.userId, userId)),
  ]);
  const n = Number(total);
  return {
    items: rows.map((t) => ({
      id: t.id,
      task_uuid: t.uuid,
      url: t.url,
      title: t.result?.title ?? null,
      method: t.method,
      status: t.status,
      steps: t.steps,
      created_at: t.createdAt.toISOString(),
      completed_at: t.completedAt?.toISOString() ?? null,
      duration: t.result?.duration ?? null,
    })),
    total: n,
    per_page: perPage,
    page,
    has_prev: page > 1,
    has_next: page * perPage < n,
  };
}

/**
 * Adds a completed summary to the feed (source URL de-duplicated, stored normalized). With USER_ARTICLES=review
 * (the default) it waits hidden in the console's 待审核 queue (lib/admin/review.ts) with empty search text, out
 * of every reader path until approved; with `publish` it is visible and searchable at once. The answer is the
 * same either way, and a second request for the same page (pending or not) is already_exists.
 */
export async function createArticleFromTask({ db, userId, uuid }: { db: Db; userId: number; uuid: string }) {
  const task = await ownTask(db, userId, uuid);
  if (task.status !== "completed" || !task.result) throw new ApiError("conflict", "总结尚未完成，暂时不能加入文章列表");
  const r = task.result;
  const [existing] = await db
    .select({ id: articles.id, hiddenAt: articles.hiddenAt, reviewStatus: articles.reviewStatus })
    .from(articles)
    .where(eq(articles.sourceUrl, task.normalizedUrl));
  // Taken down by an operator (or rejected in review): no id to probe, and the task does not point to it. One that
  // waits for review is shared by the readers who submitted the page (lib/summary/submissions.ts).
  if (existing?.hiddenAt && existing.reviewStatus !== "pending") throw new ApiError("conflict", "该链接的文章已下架，不能加入文章列表");
  let articleId = existing?.id;
  if (!articleId) {
    const platform = detectPlatform(task.url);
    const summary = markdownToPlainText(r.summary || r.content).replace(/\s+/g, " ").trim().slice(0, 120);
    const [row] = await db
      .insert(articles)
      .values({
        title: r.title,
        content: r.content,
        summary,
        sourceUrl: task.normalizedUrl,
        platformName: platform?.key ?? null,
        sourcePlatform: platform?.name ?? new URL(task.url).hostname,
        origin: "summary",
        ...(getConfig().USER_ARTICLES === "review"
          ? { reviewStatus: "pending" as const, hiddenAt: new Date() }
          : searchFieldsFor({ title: r.title, content: r.content, summary })),
      })
      .onConflictDoNothing({ target: articles.sourceUrl })
      .returning({ id: articles.id });
    articleId = row?.id ?? (await db.select({ id: articles.id }).from(articles).where(eq(articles.sourceUrl, task.normalizedUrl)))[0]?.id;
    // Published at once (USER_ARTICLES=publish): announced to search engines like a collected article.
    if (row && getConfig().USER_ARTICLES === "publish") await announceArticles({ db, ids: [row.id] });
  }
  await db.update(summaryTasks).set({ articleId, result: { ...r, article_id: articleId ?? null } }).where(eq(summaryTasks.id, task.id));
  return existing
    ? { success: true, article_id: articleId, already_exists: true, message: "文章已在列表中" }
    : { success: true, article_id: articleId, already_exists: false, message: "已成功加入文章列表" };
}
