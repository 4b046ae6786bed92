import "server-only";
// Aliyun (Alibaba Cloud) 内容安全 文本审核增强版: `TextModeration`, API version 2022-03-02, RPC style, on
// green-cip.<region>.aliyuncs.com. POST: the common parameters in the query, Service and ServiceParameters in a
// form-encoded body, all of them signed together with the RPC HMAC-SHA1 mechanism of lib/auth/sms/aliyun.ts
// (method "POST"). The answer: { Code: 200, Data: { labels: "ad,abuse" | "", reason }, Message, RequestId };
// an empty labels passes, any label asks for review. Checked in aliyun.test.ts against a loopback peer that
// verifies the signature.
import { randomUUID } from "node:crypto";
import { aliyunRpcSignature, percentEncode } from "@/lib/auth/sms/aliyun";
import { providerError, readJson, SafetyUnavailableError, transportError } from "./errors";
import { SAFETY_TIMEOUT_MS, type SafetyVerdict } from "./types";

export const ALIYUN_DEFAULT_REGION = "cn-shanghai";
export const ALIYUN_DEFAULT_SERVICE = "comment_detection";
/** ServiceParameters.content is limited to 600 characters: a longer comment is checked in parts. */
export const ALIYUN_MAX_CHARS = 600;

export const aliyunEndpoint = (region = ALIYUN_DEFAULT_REGION) => `https://green-cip.${region}.aliyuncs.com/`;

/** The text in parts of at most `size` characters (code points, so no character is cut in two). */
export function textParts(text: string, size = ALIYUN_MAX_CHARS): string[] {
  const chars = Array.from(text);
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += size) parts.push(chars.slice(i, i + size).join(""));
  return parts.length ? parts : [""];
}

/** The common RPC parameters of one TextModeration call (they go in the query). */
export function aliyunCommonParams(input: { accessKeyId: string; nonce: string; timestamp: Date }): Record<string, string> {
  return {
    AccessKeyId: input.accessKeyId,
    Action: "TextModeration",
    Format: "JSON",
    SignatureMethod: "HMAC-SHA1",
    SignatureNonce: input.nonce,
    SignatureVersion: "1.0",
    // ISO 8601 UTC without milliseconds, e.g. 2017-07-12T02:42:19Z.
    Timestamp: input.timestamp.toISOString().replace(/\.\d+Z$/, "Z"),
    Version: "2022-03-02",
  };
}

/** The business parameters (they go in the form body). */
export function aliyunModerationParams(input: { service: string; content: string; accountId?: string }): Record<string, string> {
  const serviceParameters: Record<string, string> = { content: input.content };
  if (input.accountId) serviceParameters.accountId = input.accountId;
  return { Service: input.service, ServiceParameters: JSON.stringify(serviceParameters) };
}

/** key=value pairs, each side encoded as the RPC mechanism encodes them (space as %20, never "+"). */
const encodePairs = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
    .join("&");

export interface AliyunSafetyConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** Service, e.g. comment_detection (the default), chat_detection, or a service made in the console. */
  service?: string;
  /** Picks the endpoint green-cip.<region>.aliyuncs.com when `endpoint` is not given; cn-shanghai by default. */
  region?: string;
  endpoint?: string;
}

export interface AliyunSafetyDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  /** Request timeout; SAFETY_TIMEOUT_MS unless a test shortens it. */
  timeoutMs?: number;
}

type AliyunAnswer = { Code?: unknown; Message?: unknown; Data?: { labels?: unknown } | null };

export function createAliyunChecker(cfg: AliyunSafetyConfig, deps: AliyunSafetyDeps = {}) {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const nonce = deps.nonce ?? randomUUID;
  const timeoutMs = deps.timeoutMs ?? SAFETY_TIMEOUT_MS;
  const endpoint = cfg.endpoint ?? aliyunEndpoint(cfg.region);
  const service = cfg.service ?? ALIYUN_DEFAULT_SERVICE;

  async function labelsOf(content: string, accountId: string, signal: AbortSignal): Promise<string[]> {
    const query = aliyunCommonParams({ accessKeyId: cfg.accessKeyId, nonce: nonce(), timestamp: now() });
    const body = aliyunModerationParams({ service, content, accountId });
    const signature = aliyunRpcSignature({ ...query, ...body }, cfg.accessKeySecret, "POST");
    let res: Response;
    try {
      res = await doFetch(`${endpoint}?${encodePairs({ ...query, Signature: signature })}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", Accept: "application/json" },
        body: encodePairs(body),
        signal,
      });
    } catch (err) {
      throw transportError(err);
    }
    const answer = (await readJson(res)) as AliyunAnswer | null;
    // Gateway errors (a bad signature, an expired timestamp) have a string Code; the service's own a number.
    if (answer?.Code !== 200) throw providerError(answer?.Code, answer?.Message, `HTTP ${res.status}`);
    const labels = answer.Data?.labels;
    if (typeof labels !== "string") throw new SafetyUnavailableError("内容安全服务返回了无法识别的结果（缺少 labels）");
    return labels.split(",").map((l) => l.trim()).filter(Boolean);
  }

  return {
    name: "aliyun" as const,
    async check(text: string, ctx: { userId: number }): Promise<SafetyVerdict> {
      const signal = AbortSignal.timeout(timeoutMs);
      const found = await Promise.all(textParts(text).map((part) => labelsOf(part, String(ctx.userId), signal)));
      const labels = [...new Set(found.flat())];
      return { verdict: labels.length ? "review" : "pass", labels };
    },
  };
}
