// Acceptance 4 of issue 21: `npm run feeds` and the console are two front ends of one service. A source
// added by the real command (a separate process on the same database) is listed by the console's API, and
// one added through the API is listed by the command; both changes are in the audit log.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db";
import { adminAudit, users } from "@/lib/db/schema";
import { call } from "@/test/api";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { feedsCli } from "@/test/feeds-cli";
import { newUser } from "@/test/users";
import { GET as list, POST as add } from "./route";

const cmd = feedsCli("shiyue-console-feeds-");
const cli = cmd.run;
const openHere = cmd.openHere;
let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
  await cmd.setUp();
});
afterAll(async () => {
  await closeDb();
  await feeds.close();
  await cmd.tearDown();
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
