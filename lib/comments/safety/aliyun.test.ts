// Aliyun TextModeration (内容安全 文本审核增强版, 2022-03-02) through a real local HTTP server that checks every
// request as the gateway would: POST, common parameters in the query, Service and ServiceParameters in a
// form-encoded body, the RPC HMAC-SHA1 signature recomputed over all of them with the test secret.
import { listenLoopback, type Loopback } from "@/test/loopback";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliyunRpcSignature, percentEncode } from "@/lib/auth/sms/aliyun";
import { ALIYUN_MAX_CHARS, aliyunEndpoint, createAliyunChecker, textParts } from "./aliyun";
import { SafetyUnavailableError } from "./errors";

const SECRET = "green/secret+*=";

type Seen = { query: Record<string, string>; form: Record<string, string>; rawBody: string; contentType?: string };

// Words the peer flags, and the label it gives each (as the service's labels: comma-separated, no spaces).
const FLAGGED: [string, string][] = [
  ["加微信", "ad"],
  ["蠢货", "profanity"],
];

describe("createAliyunChecker().check over HTTP", () => {
  let peer: Loopback;
  let endpoint: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    peer = await listenLoopback(async (req, res) => {
      let rawBody = "";
      for await (const chunk of req) rawBody += chunk;
      const query = Object.fromEntries(new URL(req.url ?? "/", "http://local").searchParams);
      const form = Object.fromEntries(new URLSearchParams(rawBody));
      seen.push({ query, form, rawBody, contentType: req.headers["content-type"] });
      const { Signature, ...signed } = { ...query, ...form };
      const reply = (status: number, obj: unknown) => {
        res.statusCode = status;
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ RequestId: "AAAAAA-BBBB", ...(obj as object) }));
      };
      if (req.method !== "POST" || !Signature || Signature !== aliyunRpcSignature(signed, SECRET, "POST")) {
        return reply(400, { Code: "SignatureDoesNotMatch", Message: "Specified signature is not matched with our calculation." });
      }
      if (query.Action !== "TextModeration" || query.Version !== "2022-03-02") return reply(400, { Code: "InvalidAction", Message: "no such action" });
      if (!["comment_detection", "chat_detection"].includes(form.Service)) return reply(200, { Code: 400, Message: "service is invalid" });
      const content = (JSON.parse(form.ServiceParameters) as { content: string }).content;
      if (content.includes("慢")) return; // never answers: the client's timeout must fire
      if (content.includes("坏")) {
        res.statusCode = 502;
        return res.end("<html>bad gateway</html>");
      }
      if (content.includes("无结果")) return reply(200, { Code: 200, Message: "OK", Data: {} });
      if (content.includes("故障")) return reply(200, { Code: 500, Message: "GENERAL_ERROR" });
      const labels = FLAGGED.filter(([word]) => content.includes(word)).map(([, label]) => label);
      const reason = labels.length ? JSON.stringify({ riskLevel: "high", riskTips: "广告_联系方式", riskWords: "加微信" }) : "";
      reply(200, { Code: 200, Message: "OK", Data: { labels: labels.join(","), reason, accountId: JSON.parse(form.ServiceParameters).accountId } });
    });
    endpoint = peer.url;
  });

  afterAll(() => peer.close());

  const checker = (over: { secret?: string; service?: string; timeoutMs?: number } = {}) =>
    createAliyunChecker(
      { accessKeyId: "LTAI-test", accessKeySecret: over.secret ?? SECRET, service: over.service, endpoint },
      { now: () => new Date("2024-01-02T03:04:05.678Z"), nonce: () => "nonce-1", timeoutMs: over.timeoutMs },
    );

  it("passes a comment without labels, sending a correctly signed POST", async () => {
    await expect(checker().check("写得真好，收藏了", { userId: 42 })).resolves.toEqual({ verdict: "pass", labels: [] });
    const { query, form, contentType } = seen.at(-1)!;
    expect(query).toMatchObject({
      Action: "TextModeration",
      Version: "2022-03-02",
      AccessKeyId: "LTAI-test",
      Format: "JSON",
      SignatureMethod: "HMAC-SHA1",
      SignatureVersion: "1.0",
      SignatureNonce: "nonce-1",
      Timestamp: "2024-01-02T03:04:05Z",
    });
    expect(query.Signature).toMatch(/=$/);
    expect(form).toEqual({ Service: "comment_detection", ServiceParameters: '{"content":"写得真好，收藏了","accountId":"42"}' });
    expect(contentType).toBe("application/x-www-form-urlencoded; charset=utf-8");
  });

  it("asks for review with the service's labels", async () => {
    await expect(checker().check("加微信领资料，蠢货才不加", { userId: 7 })).resolves.toEqual({ verdict: "review", labels: ["ad", "profanity"] });
  });

  it("sends Chinese and the RPC mechanism's reserved characters percent-encoded, and they arrive unchanged", async () => {
    const text = "评论 a+b=c & 50% *真的*（~!'）\n👍";
    await expect(checker().check(text, { userId: 1 })).resolves.toEqual({ verdict: "pass", labels: [] });
    const { form, rawBody } = seen.at(-1)!;
    expect(JSON.parse(form.ServiceParameters)).toEqual({ content: text, accountId: "1" });
    // Space as %20 (never "+", which a form decoder reads as a space), "+" and "*" encoded, 评 as its UTF-8 bytes.
    expect(rawBody).toContain(percentEncode(JSON.stringify({ content: text, accountId: "1" })));
    expect(rawBody).toContain("%E8%AF%84%E8%AE%BA%20a%2Bb%3Dc%20%26%2050%25%20%2A");
    expect(rawBody).not.toMatch(/[+ *]/);
  });

  it("checks a comment longer than the service takes in parts, and reviews it when any part is flagged", async () => {
    const before = seen.length;
    const text = "好".repeat(ALIYUN_MAX_CHARS) + "，加微信";
    await expect(checker().check(text, { userId: 3 })).resolves.toEqual({ verdict: "review", labels: ["ad"] });
    const contents = seen.slice(before).map((s) => (JSON.parse(s.form.ServiceParameters) as { content: string }).content);
    expect(contents.map((c) => Array.from(c).length).sort((a, b) => a - b)).toEqual([4, ALIYUN_MAX_CHARS]);
    expect(contents.sort((a, b) => b.length - a.length).join("")).toBe(text);
  });

  it("sends the configured service", async () => {
    await expect(checker({ service: "chat_detection" }).check("你好", { userId: 1 })).resolves.toEqual({ verdict: "pass", labels: [] });
    expect(seen.at(-1)!.form.Service).toBe("chat_detection");
  });

  it("throws SafetyUnavailableError when the gateway refuses the signature (a wrong secret)", async () => {
    const err = await checker({ secret: "wrong" }).check("你好", { userId: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SafetyUnavailableError);
    expect((err as Error).message).toBe("内容安全服务返回错误（SignatureDoesNotMatch）：Specified signature is not matched with our calculation.");
  });

  it.each([
    ["a Code other than 200", "服务故障", { service: undefined }, "内容安全服务返回错误（500）：GENERAL_ERROR"],
    ["an unknown service", "你好", { service: "no_such_detection" }, "内容安全服务返回错误（400）：service is invalid"],
    ["an answer that is not JSON", "坏了", {}, "内容安全服务返回了无法识别的响应（HTTP 502）"],
    ["Code 200 without labels", "无结果", {}, "内容安全服务返回了无法识别的结果（缺少 labels）"],
  ])("throws SafetyUnavailableError on %s", async (_, text, over, message) => {
    await expect(checker(over).check(text, { userId: 1 })).rejects.toThrow(new SafetyUnavailableError(message));
  });

  it("turns a refused connection and a timeout into SafetyUnavailableError", async () => {
    const refused = createAliyunChecker({ accessKeyId: "a", accessKeySecret: "b", endpoint: "http://127.0.0.1:1/" });
    await expect(refused.check("你好", { userId: 1 })).rejects.toThrow(new SafetyUnavailableError("无法连接内容安全服务"));
    const started = Date.now();
    await expect(checker({ timeoutMs: 200 }).check("慢慢来", { userId: 1 })).rejects.toThrow(new SafetyUnavailableError("内容安全服务请求超时"));
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("aliyun helpers", () => {
  it("uses the Shanghai endpoint unless a region is given", () => {
    expect(aliyunEndpoint()).toBe("https://green-cip.cn-shanghai.aliyuncs.com/");
    expect(aliyunEndpoint("cn-beijing")).toBe("https://green-cip.cn-beijing.aliyuncs.com/");
  });

  it("cuts text in parts between characters, never inside one", () => {
    expect(textParts("")).toEqual([""]);
    expect(textParts("👍👍👍", 2)).toEqual(["👍👍", "👍"]);
    expect(textParts("好".repeat(1000)).map((p) => p.length)).toEqual([600, 400]);
  });
});
