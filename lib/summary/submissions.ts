import "server-only";
// Articles readers made from their summaries (加入文章列表) that no operator has published yet: pending review or
// rejected (articles.review_status not null). They stay the reader's until then, so they go with the last task
// pointing at them — when the reader deletes that summary or their account. A task of another reader that asked
// for the same page (its 加入文章列表 answered already_exists and points here too) keeps the article: one reader
// cannot remove another's submission by deleting their own. Published articles are the site's and always stay.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";

/** The articles the tasks in `where` point to (read before the tasks go). */
export async function submittedArticles(tx: Db | Tx, where: ReturnType<typeof sql>): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`select distinct article_id as id from summary_tasks where article_id is not null and ${where}`);
  return rows.map((r) => Number(r.id));
}

/** Deletes those of `ids` still unpublished that no remaining task points to (after the tasks went). */
export async function dropOrphanedSubmissions(tx: Db | Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`
    delete from articles a
     where a.id = any(${sql.param(ids)}::int[])
       and a.review_status is not null
       and not exists (select 1 from summary_tasks t where t.article_id = a.id)`);
}
