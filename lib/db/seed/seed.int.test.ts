import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countArticles } from "@/lib/articles/queries";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { ensureReady } from "@/lib/db/bootstrap";
import { openDatabase } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { seedDemoArticles } from "./demo";
import { insertSynthetic } from "./insert-synthetic";

describe("seeding", () => {
  it("seeds the demo articles into an empty database at start-up, once", async () => {
    process.env.SEED_DEMO = "auto";
    resetConfig();
    const first = await ensureReady();
    expect(first.seeded).toBeGreaterThanOrEqual(60);
    const db = await getDb();
    const total = await countArticles({ db });
    expect(total).toBe(first.seeded);
    // A second start (or `npm run seed`) adds nothing.
    expect(await seedDemoArticles(db)).toBe(0);
    expect(await countArticles({ db })).toBe(total);
    const res = await db.execute<{ n: number }>(sql`select count(distinct source_url)::int as n from articles`);
    expect(res.rows[0].n).toBe(total);
  });

  it("adds synthetic articles in batches and skips them when run again", async () => {
    const db = await getDb();
    const before = await countArticles({ db });
    const progress: number[] = [];
    expect(await insertSynthetic(db, { count: 250, seed: 9, batchSize: 100, onProgress: (n) => progress.push(n) })).toBe(250);
    expect(progress).toEqual([100, 200, 250]);
    expect(await insertSynthetic(db, { count: 250, seed: 9, batchSize: 100 })).toBe(0);
    expect(await countArticles({ db })).toBe(before + 250);
    // Synthetic articles are searchable like any other.
    const hits = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from articles where origin = 'synthetic' and search_vector @@ to_tsquery('simple', '经验')`,
    );
    expect(hits.rows[0].n).toBeGreaterThan(0);
  });
});

// The embedded data directory exists only on the PGlite side; the int-postgres project has no such case.
describe.runIf(process.env.TEST_DB_DRIVER === "pglite")("the embedded data directory", () => {
  // Asynchronous: the owner in this process must keep serving its socket while the tool runs.
  const seedCli = (dir: string) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn("npm", ["run", "--silent", "seed"], { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: "" } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (status) => done({ status, stdout, stderr }));
    });

  it("refuses a second opener with a clear message when the owner shares nothing", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "shiyue-dir-")), "pglite");
    const owner = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/正被另一个进程.*使用/);
      const cli = await seedCli(dir);
      expect(cli.status).toBe(1);
      expect(cli.stderr).toContain(`数据目录 ${dir} 正被另一个进程（pid ${process.pid}）使用`);
    } finally {
      await owner.close();
    }
    // Once the owner closed, the directory opens again.
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it("lets command-line tools work through the running server's socket", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "shiyue-dir-")), "pglite");
    const owner = await openDatabase({ dataDir: dir, serveSocket: true });
    try {
      await migrateDatabase(owner);
      const guest = await openDatabase({ dataDir: dir });
      expect(guest.driver).toBe("pglite-socket");
      await guest.close();
      const cli = await seedCli(dir);
      expect(cli.stderr).toBe("");
      expect(cli.stdout).toMatch(/示例文章：新增 \d+ 篇/);
      // The rows the tool wrote are the owner's rows.
      expect(await countArticles({ db: owner.db })).toBeGreaterThanOrEqual(60);
    } finally {
      await owner.close();
    }
  });
});
