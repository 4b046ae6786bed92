import "server-only";
// Which committed migrations the database has applied (for /api/ready).
import { sql } from "drizzle-orm";
import { getDb } from "./index";
import { committedMigrationCount } from "./migrate";

export async function migrationStatus(): Promise<{ applied: number; pending: number }> {
  const db = await getDb();
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const applied = Number(res.rows[0]?.n ?? 0);
  return { applied, pending: Math.max(committedMigrationCount() - applied, 0) };
}
