import { eq } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { authSecret } from "@/lib/auth/secret";
import { signToken } from "@/lib/auth/token";
import { getDb } from "@/lib/db";
import { articles, comments, favorites, likes, readHistory, users } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { GET as me, PUT as updateMe } from "./me/route";
import { GET as stats } from "./me/stats/route";

let seq = 0;
async function signUp(extra: Record<string, unknown> = {}) {
  const n = ++seq;
  const res = await call(register, "/api/v1/auth/register", {
    json: { account_name: `member${n}`, password: "secret-pass-1", email: `m${n}@example.com`, agree_terms: true, ...extra },
  });
  return { token: res.body.data.access_token as string, user: res.body.data.user };
}

describe("GET /api/v1/users/me", () => {
  it("answers the caller's profile without the password hash", async () => {
    const { token, user } = await signUp({ display_name: "小明" });
    const res = await call(me, "/api/v1/users/me", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...user, display_name: "小明" });
    expect(Object.keys(res.body)).not.toContain("hashed_password");
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThan(0);
  });

  it("answers 401 without a token", async () => {
    const res = await call(me, "/api/v1/users/me");
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe(MSG.loginRequired);
  });

  it("answers 401 for tampered, expired, alg-none, foreign and deleted-user tokens", async () => {
    const { token, user } = await signUp();
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: "1" })).toString("base64url")}.${s}`;
    const expired = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(String(user.id))
      .setIssuedAt(1_600_000_000).setExpirationTime(1_600_000_100).sign(await authSecret());
    const none = new UnsecuredJWT({}).setSubject(String(user.id)).setExpirationTime("1h").encode();
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(String(user.id))
      .setExpirationTime("1h").sign(new TextEncoder().encode("another-secret-another-secret-xx"));
    for (const bad of [tampered, expired, none, foreign, "garbage", `${token}x`]) {
      const res = await call(me, "/api/v1/users/me", { token: bad });
      expect(res.status, bad).toBe(401);
      expect(res.body.detail).toBe(MSG.tokenInvalid);
    }
    await (await getDb()).delete(users).where(eq(users.id, user.id));
    expect((await call(me, "/api/v1/users/me", { token })).status).toBe(401);
  });

  it("issues tokens valid for 7 days", async () => {
    const token = await signToken(123, Date.parse("2026-01-01T00:00:00Z"));
    const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
    expect(payload.sub).toBe("123");
  });
});

describe("PUT /api/v1/users/me", () => {
  it("changes display name, e-mail and bio and ignores every other field", async () => {
    const { token, user } = await signUp();
    const res = await call(updateMe, "/api/v1/users/me", {
      method: "PUT",
      token,
      json: {
        display_name: "  新名字 ",
        email: "New@Example.com",
        bio: "喜欢读书",
        account_name: "hacker",
        phone_number: "13800000000",
        hashed_password: "x",
        id: 1,
        avatar_url: "https://evil.example/x.png",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...user, display_name: "新名字", email: "new@example.com", bio: "喜欢读书" });
    expect((await call(me, "/api/v1/users/me", { token })).body).toEqual(res.body);
  });

  it("leaves out fields unchanged and clears fields sent empty", async () => {
    const { token } = await signUp({ display_name: "保留" });
    const res = await call(updateMe, "/api/v1/users/me", { method: "PUT", token, json: { bio: "只改简介" } });
    expect(res.body).toMatchObject({ display_name: "保留", bio: "只改简介" });
    const cleared = await call(updateMe, "/api/v1/users/me", { method: "PUT", token, json: { bio: "", email: null } });
    expect(cleared.body).toMatchObject({ bio: null, email: null, display_name: "保留" });
  });

  it.each([
    [{ email: "bad@" }, 400, "邮箱格式不正确"],
    [{ bio: "长".repeat(501) }, 400, "个人简介不能超过 500 个字符"],
    [{ display_name: 5 }, 400, "display_name"],
  ])("rejects %j", async (body, status, detail) => {
    const { token } = await signUp();
    const res = await call(updateMe, "/api/v1/users/me", { method: "PUT", token, json: body });
    expect(res.status).toBe(status);
    expect(res.body.detail).toContain(detail);
  });

  it("answers 409 for an e-mail another account uses", async () => {
    const a = await signUp();
    const b = await signUp();
    const res = await call(updateMe, "/api/v1/users/me", { method: "PUT", token: b.token, json: { email: a.user.email } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(MSG.duplicateEmail);
  });

  it("needs a token", async () => {
    expect((await call(updateMe, "/api/v1/users/me", { method: "PUT", json: { bio: "x" } })).status).toBe(401);
  });
});

describe("GET /api/v1/users/me/stats", () => {
  it("counts the caller's own rows only", async () => {
    const { token, user } = await signUp();
    const other = await signUp();
    const db = await getDb();
    const arts = await db
      .insert(articles)
      .values([1, 2, 3].map((i) => ({ title: `统计 ${i}`, sourceUrl: `https://example.com/stats/${seq}/${i}` })))
      .returning({ id: articles.id });
    await db.insert(likes).values(arts.map((a) => ({ userId: user.id, articleId: a.id })));
    await db.insert(favorites).values([{ userId: user.id, articleId: arts[0].id }]);
    await db.insert(readHistory).values(arts.slice(0, 2).map((a) => ({ userId: user.id, articleId: a.id })));
    await db.insert(comments).values([{ userId: user.id, articleId: arts[1].id, content: "好文" }]);
    await db.insert(likes).values([{ userId: other.user.id, articleId: arts[0].id }]);

    const res = await call(stats, "/api/v1/users/me/stats", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ likes_count: 3, favorites_count: 1, comments_count: 1, read_count: 2 });
    expect((await call(stats, "/api/v1/users/me/stats", { token: other.token })).body).toEqual({
      likes_count: 1,
      favorites_count: 0,
      comments_count: 0,
      read_count: 0,
    });
    expect((await call(stats, "/api/v1/users/me/stats")).status).toBe(401);
  });
});
