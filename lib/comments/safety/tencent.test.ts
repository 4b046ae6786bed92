// Tencent TMS TextModeration (2020-12-29) through a real local HTTP server that checks every request as the
// API 3.0 gateway would: the TC3-HMAC-SHA256 Authorization recomputed from the received headers and body with
// the test secret, the action and version headers, the text base64-encoded from UTF-8.
import { listenLoopback, type Loopback } from "@/test/loopback";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tc3Authorization } from "@/lib/auth/sms/tencent";
import { SafetyUnavailableError } from "./errors";
import { createTencentChecker, tencentModerationPayload } from "./tencent";

const SECRET_ID = "AKID-tms-test";
const SECRET = "tms-secret-key";

type Body = { Content: string; BizType?: string; User?: { UserId?: string } };

describe("createTencentChecker().check over HTTP", () => {
  let peer: Loopback;
  let endpoint: string;
  const seen: { headers: Record<string, string | string[] | undefined>; body: Body; text: string }[] = [];

  beforeAll(async () => {
    peer = await listenLoopback(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as Body;
      const text = Buffer.from(body.Content, "base64").toString("utf8");
      seen.push({ headers: req.headers, body, text });
      const expected = tc3Authorization({
        secretId: SECRET_ID,
        secretKey: SECRET,
        service: "tms",
        host: req.headers.host ?? "",
        action: "TextModeration",
        payload: raw,
        timestamp: Number(req.headers["x-tc-timestamp"]),
      }).authorization;
      const reply = (obj: unknown) => {
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ Response: { ...(obj as object), RequestId: "req-1" } }));
      };
      if (req.method !== "POST" || req.headers.authorization !== expected) {
        return reply({ Error: { Code: "AuthFailure.SignatureFailure", Message: "The provided credentials could not be validated. Please check your signature is correct." } });
      }
      if (req.headers["x-tc-action"] !== "TextModeration" || req.headers["x-tc-version"] !== "2020-12-29") {
        return reply({ Error: { Code: "InvalidAction", Message: "The action or version is invalid." } });
      }
      if (text.includes("慢")) return; // never answers: the client's timeout must fire
      if (text.includes("坏")) return res.end("<html>bad gateway</html>");
      if (text.includes("故障")) return reply({ Error: { Code: "InternalError", Message: "内部错误" } });
      if (text.includes("无结果")) return reply({});
      const bizType = body.BizType ?? "TencentCloudDefault";
      if (text.includes("色情")) return reply({ BizType: bizType, Suggestion: "Block", Label: "Porn", SubLabel: "SexualBehavior", Score: 97, Keywords: ["色情"] });
      if (text.includes("加微信")) return reply({ BizType: bizType, Suggestion: "Review", Label: "Ad", SubLabel: "", Score: 80, Keywords: ["加微信"] });
      reply({ BizType: bizType, Suggestion: "Pass", Label: "Normal", SubLabel: "", Score: 0, Keywords: [] });
    });
    endpoint = peer.url;
  });

  afterAll(() => peer.close());

  const checker = (over: { secretKey?: string; bizType?: string; region?: string; timeoutMs?: number } = {}) =>
    createTencentChecker(
      { secretId: SECRET_ID, secretKey: over.secretKey ?? SECRET, bizType: over.bizType, region: over.region, endpoint },
      { now: () => new Date("2024-01-02T03:04:05.678Z"), timeoutMs: over.timeoutMs },
    );

  it("passes on Suggestion Pass, sending a correctly signed request", async () => {
    await expect(checker().check("写得真好，收藏了", { userId: 42 })).resolves.toEqual({ verdict: "pass", labels: [] });
    const { headers, body } = seen.at(-1)!;
    expect(headers).toMatchObject({
      "x-tc-action": "TextModeration",
      "x-tc-version": "2020-12-29",
      "x-tc-region": "ap-guangzhou",
      "x-tc-timestamp": "1704164645",
      "content-type": "application/json; charset=utf-8",
    });
    expect(headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKID-tms-test\/2024-01-02\/tms\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/,
    );
    // No BizType when none is configured: the account's default policy.
    expect(body).toEqual({ Content: Buffer.from("写得真好，收藏了").toString("base64"), User: { UserId: "42" } });
  });

  it.each([
    ["Review", "加微信领资料", ["Ad"]],
    ["Block", "色情内容", ["Porn"]],
  ])("asks for review on Suggestion %s, keeping the provider's label", async (_, text, labels) => {
    await expect(checker().check(text, { userId: 7 })).resolves.toEqual({ verdict: "review", labels });
  });

  it("sends Chinese text as base64 of its UTF-8 bytes, which decodes to the same text", async () => {
    const text = "评论：a+b=c & 50%，换行\n表情👍 “引号”";
    await checker().check(text, { userId: 1 });
    const { body, text: received } = seen.at(-1)!;
    expect(received).toBe(text);
    expect(body.Content).toBe(Buffer.from(text, "utf8").toString("base64"));
    expect(body.Content).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it("sends the configured BizType and region", async () => {
    await checker({ bizType: "shiyue_comments", region: "ap-shanghai" }).check("你好", { userId: 5 });
    const { headers, body } = seen.at(-1)!;
    expect(headers["x-tc-region"]).toBe("ap-shanghai");
    expect(body).toMatchObject({ BizType: "shiyue_comments", User: { UserId: "5" } });
  });

  it("throws SafetyUnavailableError when the gateway refuses the signature (a wrong secret)", async () => {
    const err = await checker({ secretKey: "wrong-key" }).check("你好", { userId: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SafetyUnavailableError);
    expect((err as Error).message).toBe(
      "内容安全服务返回错误（AuthFailure.SignatureFailure）：The provided credentials could not be validated. Please check your signature is correct.",
    );
  });

  it.each([
    ["Response.Error", "服务故障", "内容安全服务返回错误（InternalError）：内部错误"],
    ["an answer that is not JSON", "坏了", "内容安全服务返回了无法识别的响应（HTTP 200）"],
    ["an answer without a Suggestion", "无结果", "内容安全服务返回了无法识别的结果（HTTP 200）"],
  ])("throws SafetyUnavailableError on %s", async (_, text, message) => {
    await expect(checker().check(text, { userId: 1 })).rejects.toThrow(new SafetyUnavailableError(message));
  });

  it("turns a refused connection and a timeout into SafetyUnavailableError", async () => {
    const refused = createTencentChecker({ secretId: "a", secretKey: "b", endpoint: "http://127.0.0.1:1/" });
    await expect(refused.check("你好", { userId: 1 })).rejects.toThrow(new SafetyUnavailableError("无法连接内容安全服务"));
    const started = Date.now();
    await expect(checker({ timeoutMs: 200 }).check("慢慢来", { userId: 1 })).rejects.toThrow(new SafetyUnavailableError("内容安全服务请求超时"));
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("tencentModerationPayload", () => {
  it("leaves out what is not given", () => {
    expect(JSON.parse(tencentModerationPayload({ text: "你好" }))).toEqual({ Content: "5L2g5aW9" });
  });
});
