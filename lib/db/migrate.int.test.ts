// Both databases: migrations (PGlite runs each in a transaction without CONCURRENTLY; a server takes the advisory lock and builds indexes concurrently).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeOn } from "@/test/one-database";
import { getConfig } from "@/lib/config";
import { getDbHandle } from "@/lib/db";
import { COMMITTED_MIGRATIONS } from "@/test/migrations";
import { openDatabase } from "./client";
import { migrateDatabase } from "./migrate";


describe("migrations", () => {
  it("create every table of the data model", async () => {
    const { db } = await getDbHandle();
    const res = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(res.rows.map((r) => r.table_name)).toEqual([
      "admin_audit",
      "app_settings",
      "article_embeddings",
      "articles",
      "comment_likes",
      "comment_reports",
      "comment_words",
      "comments",
      "daily_counters",
      "digests",
      "favorites",
      "feed_sources",
      "likes",
      "notifications",
      "push_messages",
      "push_subscriptions",
      "rate_limits",
      "read_history",
      "search_log",
      "site_counters",
      "sms_codes",
      "summary_tasks",
      "user_interests",
      "user_vectors",
      "users",
    ]);
  });

  it("are recorded once and applying them again changes nothing", async () => {
    const handle = await getDbHandle();
    await migrateDatabase(handle);
    const res = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(res.rows[0].n).toBe(COMMITTED_MIGRATIONS);
  });
});

// PGlite allows one process per directory (covered by the data-directory lock tests); this case runs in int-postgres.
// Only on PostgreSQL (reason): concurrency between processes only exists on a database server.
describeOn("postgres", "migrations on a database server", () => {
  it("run exactly once when instances start at the same moment", async () => {
    const url = new URL(getConfig().DATABASE_URL!);
    url.pathname = `/${url.pathname.slice(1)}_race`;
    const admin = await getDbHandle();
    await admin.db.execute(sql.raw(`create database "${url.pathname.slice(1)}"`));
    try {
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 2 })),
      );
      await Promise.all(handles.map((h) => migrateDatabase(h)));
      const res = await handles[0].db.execute<{ n: number; hashes: number }>(
        sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
      );
      expect(res.rows[0]).toEqual({ n: COMMITTED_MIGRATIONS, hashes: COMMITTED_MIGRATIONS });
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists "${url.pathname.slice(1)}" with (force)`));
    }
  });
});
