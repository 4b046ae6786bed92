import "server-only";
// Tencent Cloud 文本内容安全 (TMS): `TextModeration` on API 3.0 (host tms.tencentcloudapi.com, version
// 2020-12-29), POST JSON signed with TC3-HMAC-SHA256 by the signer of lib/auth/sms/tencent.ts (service "tms").
// The text goes as base64 of its UTF-8 bytes. The answer: { Response: { Suggestion: "Pass" | "Review" | "Block",
// Label, Keywords, RequestId } } or { Response: { Error: { Code, Message } } }. Pass passes; Review and Block both
// ask for review: a comment is held for an operator, never dropped. Checked in tencent.test.ts against a loopback
// peer that verifies the signature.
import { tc3Request } from "@/lib/auth/sms/tencent";
import { providerError, readJson, SafetyUnavailableError, transportError } from "./errors";
import { SAFETY_TIMEOUT_MS, type SafetyVerdict } from "./types";

export const TENCENT_ENDPOINT = "https://tms.tencentcloudapi.com/";
export const TENCENT_DEFAULT_REGION = "ap-guangzhou";
const VERSION = "2020-12-29";
const ACTION = "TextModeration";

/** The request body: the text base64-encoded from UTF-8, the policy (BizType) and the author when given. */
export function tencentModerationPayload(input: { text: string; bizType?: string; userId?: string }): string {
  return JSON.stringify({
    Content: Buffer.from(input.text, "utf8").toString("base64"),
    ...(input.bizType ? { BizType: input.bizType } : {}),
    ...(input.userId ? { User: { UserId: input.userId } } : {}),
  });
}

export interface TencentSafetyConfig {
  secretId: string;
  secretKey: string;
  /** ap-guangzhou unless set (ap-beijing, ap-shanghai …). */
  region?: string;
  /** The policy made in the console (BizType); the account's default policy when unset. */
  bizType?: string;
  endpoint?: string;
}

export interface TencentSafetyDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Request timeout; SAFETY_TIMEOUT_MS unless a test shortens it. */
  timeoutMs?: number;
}

type TencentAnswer = {
  Response?: { Error?: { Code?: unknown; Message?: unknown }; Suggestion?: unknown; Label?: unknown };
};

export function createTencentChecker(cfg: TencentSafetyConfig, deps: TencentSafetyDeps = {}) {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.timeoutMs ?? SAFETY_TIMEOUT_MS;
  const endpoint = cfg.endpoint ?? TENCENT_ENDPOINT;
  // The signed host must be the one the request actually goes to.
  const host = new URL(endpoint).host;

  return {
    name: "tencent" as const,
    async check(text: string, ctx: { userId: number }): Promise<SafetyVerdict> {
      const payload = tencentModerationPayload({ text, bizType: cfg.bizType, userId: String(ctx.userId) });
      const timestamp = Math.floor(now().getTime() / 1000);
      const { secretId, secretKey } = cfg;
      let res: Response;
      try {
        res = await doFetch(endpoint, tc3Request({ secretId, secretKey, service: "tms", host, action: ACTION, version: VERSION, region: cfg.region ?? TENCENT_DEFAULT_REGION, payload, timestamp, timeoutMs }));
      } catch (err) {
        throw transportError(err);
      }
      const answer = (await readJson(res)) as TencentAnswer | null;
      const error = answer?.Response?.Error;
      if (error) throw providerError(error.Code, error.Message, `HTTP ${res.status}`);
      const suggestion = answer?.Response?.Suggestion;
      const label = answer?.Response?.Label;
      if (suggestion === "Pass") return { verdict: "pass", labels: [] };
      if (suggestion === "Review" || suggestion === "Block") {
        return { verdict: "review", labels: typeof label === "string" && label && label !== "Normal" ? [label] : [] };
      }
      throw new SafetyUnavailableError(`内容安全服务返回了无法识别的结果（HTTP ${res.status}）`);
    },
  };
}
