import "server-only";
// Aliyun (Alibaba Cloud) SMS: Dysmsapi `SendSms`, API version 2017-05-25, RPC style over HTTPS GET.
// Signing follows Alibaba Cloud's public "RPC signature mechanism" (SignatureMethod HMAC-SHA1,
// SignatureVersion 1.0):
//   CanonicalizedQuery = sorted params (Signature excluded), percentEncode(key)=percentEncode(value), joined by &
//   StringToSign       = METHOD & percentEncode("/") & percentEncode(CanonicalizedQuery)
//   Signature          = base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))
// Verified in aliyun.test.ts against the SendSms example Alibaba Cloud publishes with that mechanism.
import { createHmac, randomUUID } from "node:crypto";
import { SmsSendError } from "./errors";

const ENDPOINT = "https://dysmsapi.aliyuncs.com/";
const TIMEOUT_MS = 10_000;

/**
 * RFC 3986 encoding as the RPC mechanism requires: only A-Z a-z 0-9 - _ . ~ stay literal, space is
 * %20. encodeURIComponent already emits %20 for space (never "+") and keeps "~"; it leaves
 * ! ' ( ) * alone, so those are encoded here (which gives the documented "*" → "%2A").
 */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalized query string: sorted keys, encoded key=value pairs joined by "&". */
function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== "Signature")
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join("&");
}

export function aliyunStringToSign(params: Record<string, string>, method = "GET"): string {
  return `${method}&${percentEncode("/")}&${percentEncode(canonicalQuery(params))}`;
}

export function aliyunRpcSignature(params: Record<string, string>, accessKeySecret: string, method = "GET"): string {
  return createHmac("sha1", `${accessKeySecret}&`).update(aliyunStringToSign(params, method)).digest("base64");
}

export function aliyunSendSmsParams(input: {
  accessKeyId: string;
  signName: string;
  templateCode: string;
  phone: string;
  code: string;
  nonce: string;
  timestamp: Date;
}): Record<string, string> {
  return {
    AccessKeyId: input.accessKeyId,
    Action: "SendSms",
    Format: "JSON",
    RegionId: "cn-hangzhou",
    SignatureMethod: "HMAC-SHA1",
    SignatureNonce: input.nonce,
    SignatureVersion: "1.0",
    // ISO 8601 UTC without milliseconds, e.g. 2017-07-12T02:42:19Z.
    Timestamp: input.timestamp.toISOString().replace(/\.\d+Z$/, "Z"),
    Version: "2017-05-25",
    PhoneNumbers: input.phone,
    SignName: input.signName,
    TemplateCode: input.templateCode,
    TemplateParam: JSON.stringify({ code: input.code }),
  };
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

export interface AliyunSmsDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  endpoint?: string;
  /** Request timeout; 10 s unless a test shortens it. */
  timeoutMs?: number;
}

function transportError(err: unknown): SmsSendError {
  const timedOut = (err as { name?: unknown } | null)?.name === "TimeoutError";
  return new SmsSendError(timedOut ? "短信服务请求超时，请稍后重试" : "无法连接短信服务，请稍后重试", { cause: err });
}

export function createAliyunSender(cfg: AliyunSmsConfig, deps: AliyunSmsDeps = {}) {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const nonce = deps.nonce ?? randomUUID;
  const endpoint = deps.endpoint ?? ENDPOINT;
  const timeoutMs = deps.timeoutMs ?? TIMEOUT_MS;

  return {
    name: "aliyun" as const,
    async send(phone: string, code: string): Promise<void> {
      const { accessKeyId, signName, templateCode } = cfg;
      const params = aliyunSendSmsParams({ accessKeyId, signName, templateCode, phone, code, nonce: nonce(), timestamp: now() });
      const signature = aliyunRpcSignature(params, cfg.accessKeySecret);
      const query = `Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;

      let res: Response;
      try {
        res = await doFetch(`${endpoint}?${query}`, { method: "GET", signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        throw transportError(err);
      }
      let body: { Code?: unknown; Message?: unknown };
      try {
        body = (await res.json()) as typeof body;
      } catch (err) {
        if ((err as { name?: unknown } | null)?.name === "TimeoutError") throw transportError(err);
        throw new SmsSendError(`短信服务返回了无法识别的响应（HTTP ${res.status}）`, { cause: err });
      }
      if (body?.Code === "OK") return;
      // Business errors (flow control, bad template, bad signature…) come back as JSON with Code/Message.
      const providerCode = typeof body?.Code === "string" ? body.Code : `HTTP ${res.status}`;
      const message = typeof body?.Message === "string" && body.Message ? `：${body.Message}` : "";
      throw new SmsSendError(`短信发送失败（${providerCode}）${message}`);
    },
  };
}
