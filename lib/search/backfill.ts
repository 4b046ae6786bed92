import "server-only";
// Fills search text added by later migrations for rows written before them (today: the title bigrams of
// migration 0004). Walks by id so titles whose text yields nothing are visited once.
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { gramTokens } from "./text";

const BATCH = 500;

export async function fillMissingSearchText(db: Db): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      // A hidden article's search text stays empty until it is shown again (lib/admin/articles.ts).
      .where(and(eq(articles.searchGrams, ""), isNull(articles.hiddenAt), gt(articles.id, after)))
      .orderBy(asc(articles.id))
      .limit(BATCH);
    for (const row of rows) {
      const grams = gramTokens(row.title).join(" ");
      if (!grams) continue;
      await db.update(articles).set({ searchGrams: grams }).where(eq(articles.id, row.id));
      filled++;
    }
    if (rows.length < BATCH) return filled;
    after = rows[rows.length - 1].id;
  }
}
