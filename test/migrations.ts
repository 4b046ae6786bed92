// The committed migrations, for tests and benches that compare a database against them or add one of their own.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { committedMigrationCount, migrationsFolder } from "@/lib/db/migrate";

export const COMMITTED_MIGRATIONS = committedMigrationCount();

/** A copy of drizzle/ with one more migration, `name`, of `sql` (the caller removes the folder). */
export function migrationsFolderWith(name: string, sql: string): { folder: string; when: number } {
  const folder = mkdtempSync(join(tmpdir(), "shiyue-migrations-"));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  const entry = { ...last, idx: last.idx + 1, when: last.when + 1, tag: `${String(last.idx + 1).padStart(4, "0")}_${name}` };
  journal.entries.push(entry);
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, `${entry.tag}.sql`), sql);
  return { folder, when: entry.when };
}
