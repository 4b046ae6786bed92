// Acceptance 4 of issue 21: `npm run feeds` and the console are two front ends of one service. A source
// added by the real command (a separate process on the same database) is listed by the console's API, and
// one added through the API is listed by the command; both changes are in the audit log.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { adminAudit, users } from "@/lib/db/schema";
import { call } from "@/test/api";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { newUser } from "@/test/users";
import { GET as list, POST as add } from "./route";

const run = promisify(execFile);
let feeds: FeedServer;
let dir: string;
const env: NodeJS.ProcessEnv = { ...process.env };

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run("node", ["--conditions=react-server", "--import", "tsx", "scripts/feeds.ts", ...args], { env, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Opens the command's database in this process (a PGlite directory allows one process at a time). */
async function openHere() {
  await closeDb();
  if (env.PGLITE_DIR) process.env.PGLITE_DIR = env.PGLITE_DIR;
  resetConfig();
}

beforeAll(async () => {
  feeds = await startFeedServer();
  dir = await mkdtemp(join(tmpdir(), "shiyue-console-feeds-"));
  if (!process.env.DATABASE_URL) {
    await closeDb();
    env.PGLITE_DIR = join(dir, "pglite");
  }
  delete env.NODE_OPTIONS; // vitest's loader hooks are not for the child
});
afterAll(async () => {
  await closeDb();
  await feeds.close();
  await rm(dir, { recursive: true, force: true });
});

describe("npm run feeds and the console share one service", () => {
  it("lists in the console a source the command added, and in the command one the console added", { timeout: 120_000 }, async () => {
    const byCli = await cli("add", `${feeds.url}/rss.xml`, "--interval", "15m", "--allow-private", "--platform", "juejin");
    expect(byCli).toMatchObject({ code: 0 });
    expect(byCli.out).toMatch(/已添加订阅源 #1：.*rss\.xml（平台：juejin，每 15m 抓取/);

    await openHere();
    const admin = await newUser("op");
    await (await getDb()).update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    const listed = await call(list, "/api/admin/sources", { token: admin.token });
    expect(listed.body).toMatchObject({ total: 1, items: [{ id: 1, url: `${feeds.url}/rss.xml`, platform: "juejin", interval_seconds: 900, allow_private: true, health: "new" }] });

    const byApi = await call(add, "/api/admin/sources", { token: admin.token, json: { url: `${feeds.url}/atom.xml`, interval: "2h", max_items: 20, allow_private: true } });
    expect(byApi.status).toBe(201);
    const actions = (await (await getDb()).select().from(adminAudit).orderBy(asc(adminAudit.id))).map((r) => [r.action, r.objectId, r.actorName]);
    expect(actions).toEqual([
      ["source.add", "1", "命令行"],
      ["source.add", String(byApi.body.data.source.id), expect.stringMatching(/^op_/)],
    ]);
    await closeDb();

    const byCliList = await cli("list");
    expect(byCliList).toMatchObject({ code: 0 });
    expect(byCliList.out).toMatch(new RegExp(`#${byApi.body.data.source.id} \\[待抓取\\] （未抓取） · 自动识别 · 每 2h · 每次最多 20 条 · 0 篇`));
    expect(byCliList.out).toContain(`${feeds.url}/atom.xml（允许内网）`);
    expect(byCliList.out).toContain("共 2 个订阅源");
  });
});
