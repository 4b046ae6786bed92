// The console's 评论 section (issue 43): a word of the list holds a comment, an operator approves it; three
// reports hold one, an operator removes it with a reason its author is told in 消息; 禁言 stops a reader until
// lifted; every change in the audit log.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as queue } from "@/app/api/admin/comments/route";
import { POST as approve } from "@/app/api/admin/comments/[id]/approve/route";
import { POST as remove } from "@/app/api/admin/comments/[id]/remove/route";
import { DELETE as dropWord, GET as words, POST as addWord } from "@/app/api/admin/comment-words/route";
import { POST as mute } from "@/app/api/admin/users/[id]/mute/route";
import { POST as unmute } from "@/app/api/admin/users/[id]/unmute/route";
import { GET as thread, POST as post } from "@/app/api/v1/articles/[id]/comments/route";
import { POST as report } from "@/app/api/v1/comments/[id]/report/route";
import { GET as replies } from "@/app/api/v1/comments/[id]/replies/route";
import { GET as inbox } from "@/app/api/v1/notifications/route";
import { getDb } from "@/lib/db";
import { COMMENT_RECORD_DAYS } from "@/lib/comments/constants";
import { adminAudit, articles, comments, commentReports, users } from "@/lib/db/schema";
import { sweepRetention } from "@/lib/privacy/retention";
import { call } from "@/test/api";
import { newArticles, newUser } from "@/test/users";

type Who = { id: number; token: string };
let article = 0;
let op: Who;
let alice: Who;

beforeAll(async () => {
  [{ id: article }] = await newArticles(1, "审核");
  op = await newUser("op");
  await (await getDb()).update(users).set({ role: "admin" }).where(eq(users.id, op.id));
  alice = await newUser("alice", { phone: true });
});

const say = (who: Who, content: string) => call(post, `/api/v1/articles/${article}/comments`, { token: who.token, json: { content }, params: { id: String(article) } });
const visibleIds = async () => (await call(thread, `/api/v1/articles/${article}/comments?sort=new`, { params: { id: String(article) } })).body.data.items.map((c: { id: number }) => c.id);
const count = async () => (await (await getDb()).select({ n: articles.commentCnt }).from(articles).where(eq(articles.id, article)))[0].n;
const audit = async (action: string, objectId: string) => (await (await getDb()).select().from(adminAudit).where(and(eq(adminAudit.action, action), eq(adminAudit.objectId, objectId)))).length;
const asOp = (handler: typeof approve, id: number, json?: unknown) => call(handler, `/api/admin/x/${id}`, { token: op.token, params: { id: String(id) }, json: json ?? {} });

describe("the console's comment moderation", () => {
  it("keeps a word list (in word form), holds a comment with one of its words, and shows it once approved", async () => {
    const added = await call(addWord, "/api/admin/comment-words", { token: op.token, json: { word: " 刷 单 " } });
    expect(added.body).toEqual({ data: { word: "刷单", added: true } });
    expect((await call(words, "/api/admin/comment-words", { token: op.token })).body.items.map((w: { word: string }) => w.word)).toContain("刷单");
    expect(await audit("comment_word.add", "刷单")).toBe(1);

    const held = (await say(alice, "加我刷单，日结")).body.data;
    expect(held.status).toBe("pending");
    const pending = await call(queue, "/api/admin/comments?queue=pending", { token: op.token });
    expect(pending.body.items.find((c: { id: number }) => c.id === held.id)).toMatchObject({ held_reason: "word", held_label: "命中敏感词", user: { id: alice.id } });
    const before = await count();
    expect((await asOp(approve, held.id)).body).toEqual({ data: { changed: true, status: "visible" } });
    expect(await visibleIds()).toContain(held.id);
    expect(await count()).toBe(before + 1);
    expect(await audit("comment.approve", String(held.id))).toBe(1);

    // A held reply reaches the one it answers when approved, once.
    const bob = await newUser("asker", { phone: true });
    const asked = (await say(bob, "有人知道吗")).body.data;
    const heldReply = (await call(post, `/api/v1/articles/${article}/comments`, { token: alice.token, json: { content: "刷单的人知道", reply_to: asked.id }, params: { id: String(article) } })).body.data;
    expect(heldReply.status).toBe("pending");
    const replyNotes = async () => (await call(inbox, "/api/v1/notifications", { token: bob.token })).body.data.items.filter((n: { kind: string; comment: { id: number } }) => n.kind === "reply" && n.comment.id === heldReply.id);
    expect(await replyNotes()).toHaveLength(0);
    await asOp(approve, heldReply.id);
    expect(await replyNotes()).toHaveLength(1);

    expect((await call(dropWord, `/api/admin/comment-words?word=${encodeURIComponent("刷单")}`, { method: "DELETE", token: op.token })).body).toEqual({ data: { word: "刷单", removed: true } });
    expect((await say(alice, "再说一次刷单")).body.data.status).toBe("visible");
  });

  it("lists a thrice-reported comment in 举报, removes it with a reason, and tells its author", async () => {
    const target = (await say(alice, "惹人举报的话")).body.data;
    for (const name of ["r1", "r2", "r3"]) {
      const r = await newUser(name, { phone: true });
      await call(report, `/api/v1/comments/${target.id}/report`, { token: r.token, json: { reason: "abuse" }, params: { id: String(target.id) } });
    }
    // Held by the three reports: in the pending queue with its reasons counted.
    const pending = await call(queue, "/api/admin/comments?queue=pending", { token: op.token });
    expect(pending.body.items.find((c: { id: number }) => c.id === target.id)).toMatchObject({ held_reason: "reports", report_count: 3, report_reasons: [{ reason: "abuse", label: "辱骂攻击", count: 3 }] });
    const removed = await asOp(remove, target.id, { reason: "人身攻击" });
    expect(removed.body).toEqual({ data: { changed: true, status: "removed" } });
    expect(await visibleIds()).not.toContain(target.id);
    const told = (await call(inbox, "/api/v1/notifications", { token: alice.token })).body.data.items.find((n: { kind: string }) => n.kind === "removed");
    expect(told).toMatchObject({ comment: { id: target.id, removed_reason: "人身攻击", content: "惹人举报的话" } });
    const kept = await call(queue, "/api/admin/comments?queue=removed", { token: op.token });
    expect(kept.body.items[0]).toMatchObject({ id: target.id, removed_reason: "人身攻击", report_count: 0 });
    expect((await asOp(approve, target.id)).status).toBe(409);
    expect((await asOp(remove, target.id, { reason: "" })).body).toEqual({ detail: "参数 reason：请填写删除理由" });
  });

  it("禁言 stops a reader until it is lifted", async () => {
    const bob = await newUser("bob", { phone: true });
    const muted = await asOp(mute, bob.id, { hours: 24, reason: "刷屏" });
    expect(muted.body.data.message).toMatch(/^你已被禁言至 /);
    const refused = await say(bob, "还能说话吗");
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(muted.body.data.message);
    expect((await asOp(mute, bob.id, { hours: 0, reason: "x" })).body).toEqual({ detail: "参数 hours：hours 必须是 1 到 8760 之间的整数" });
    expect((await asOp(unmute, bob.id)).body).toEqual({ data: { changed: true } });
    expect((await say(bob, "解除禁言了")).status).toBe(201);
    expect(await audit("user.mute", String(bob.id))).toBe(1);
    expect(await audit("user.unmute", String(bob.id))).toBe(1);
  });

  it("keeps removed comments for the record, then the retention sweep purges them (a root others replied under stays, emptied)", async () => {
    const db = await getDb();
    const bob = await newUser("replier", { phone: true });
    const [lone, root, recent] = [(await say(alice, "过期的违规评论")).body.data, (await say(alice, "有人回复的违规评论")).body.data, (await say(alice, "刚删除的违规评论")).body.data];
    const reply = (await call(post, `/api/v1/articles/${article}/comments`, { token: bob.token, json: { content: "我回复了它", reply_to: root.id }, params: { id: String(article) } })).body.data;
    await call(report, `/api/v1/comments/${lone.id}/report`, { token: bob.token, json: { reason: "spam" }, params: { id: String(lone.id) } });
    for (const c of [lone, root, recent]) expect((await asOp(remove, c.id, { reason: "违规" })).status).toBe(200);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await db.update(comments).set({ removedAt: ago(COMMENT_RECORD_DAYS + 1) }).where(inArray(comments.id, [lone.id, root.id]));
    await db.update(comments).set({ removedAt: ago(COMMENT_RECORD_DAYS - 1) }).where(eq(comments.id, recent.id));

    expect((await sweepRetention(db, now)).removedComments).toBe(2);
    const rows = await db.select({ id: comments.id, content: comments.content, requestIp: comments.requestIp, status: comments.status }).from(comments).where(inArray(comments.id, [lone.id, root.id, recent.id, reply.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.has(lone.id)).toBe(false);
    expect(await db.select().from(commentReports).where(eq(commentReports.commentId, lone.id))).toEqual([]);
    expect(byId.get(root.id)).toMatchObject({ content: "", requestIp: null, status: "removed" });
    expect(byId.get(reply.id)).toMatchObject({ content: "我回复了它", status: "visible" });
    expect(byId.get(recent.id)).toMatchObject({ content: "刚删除的违规评论", status: "removed" });
    expect((await call(replies, `/api/v1/comments/${root.id}/replies`, { params: { id: String(root.id) } })).status).toBe(404);
    expect((await sweepRetention(db, now)).removedComments).toBe(0);
  });
});
