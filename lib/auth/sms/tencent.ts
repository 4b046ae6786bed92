import "server-only";
// Tencent Cloud SMS: `SendSms` on API 3.0 (host sms.tencentcloudapi.com, version 2021-01-11, region
// ap-guangzhou), POST JSON, signed with TC3-HMAC-SHA256 as described in Tencent Cloud's public
// "签名方法 v3" (Signature v3) documentation:
//   CanonicalRequest = POST\n/\n\n<canonical headers>\n<signed headers>\nhex(sha256(payload))
//   StringToSign     = TC3-HMAC-SHA256\n<timestamp>\n<date>/<service>/tc3_request\nhex(sha256(CanonicalRequest))
//   SecretSigning    = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
//   Signature        = hex(HMAC(SecretSigning, StringToSign))
// Verified in tencent.test.ts against the documented DescribeInstances example.
import { createHash, createHmac } from "node:crypto";
import { SmsSendError } from "./errors";

const ENDPOINT = "https://sms.tencentcloudapi.com/";
const VERSION = "2021-01-11";
const REGION = "ap-guangzhou";
/** The Content-Type tc3Authorization signs: a request it signs must send exactly this header (tc3Request does). */
const TC3_CONTENT_TYPE = "application/json; charset=utf-8";
const TIMEOUT_MS = 10_000;

const sha256Hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const hmac = (key: string | Buffer, msg: string) => createHmac("sha256", key).update(msg, "utf8").digest();

export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** When given, the X-TC-Action header is signed too (as in the current documented example). */
  action?: string;
  payload: string;
  /** Unix seconds; must equal the X-TC-Timestamp header. */
  timestamp: number;
}): { authorization: string; date: string } {
  // The credential date is the UTC date of the timestamp, never the local one.
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  let canonicalHeaders = `content-type:${TC3_CONTENT_TYPE}\nhost:${input.host.toLowerCase()}\n`;
  let signedHeaders = "content-type;host";
  if (input.action) {
    canonicalHeaders += `x-tc-action:${input.action.toLowerCase()}\n`;
    signedHeaders += ";x-tc-action";
  }
  const canonicalRequest = ["POST", "/", "", canonicalHeaders, signedHeaders, sha256Hex(input.payload)].join("\n");
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ["TC3-HMAC-SHA256", String(input.timestamp), scope, sha256Hex(canonicalRequest)].join("\n");
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, "tc3_request");
  const signature = createHmac("sha256", secretSigning).update(stringToSign, "utf8").digest("hex");
  return {
    authorization: `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    date,
  };
}

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
}

export interface TencentSmsDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  endpoint?: string;
  /** Request timeout; 10 s unless a test shortens it. */
  timeoutMs?: number;
}

type TencentResponse = {
  Response?: {
    Error?: { Code?: unknown; Message?: unknown };
    SendStatusSet?: { Code?: unknown; Message?: unknown }[];
  };
};

function transportError(err: unknown): SmsSendError {
  const timedOut = (err as { name?: unknown } | null)?.name === "TimeoutError";
  return new SmsSendError(timedOut ? "短信服务请求超时，请稍后重试" : "无法连接短信服务，请稍后重试", { cause: err });
}

function failure(code: unknown, message: unknown, fallback: string): SmsSendError {
  const providerCode = typeof code === "string" && code ? code : fallback;
  const detail = typeof message === "string" && message ? `：${message}` : "";
  return new SmsSendError(`短信发送失败（${providerCode}）${detail}`);
}

/**
 * A signed TC3 POST of `payload` to a Tencent Cloud API (`action` of `service`, API `version`, in `region`): the
 * request both the SMS sender and the content-safety checker send, the signature over exactly these headers.
 */
export function tc3Request(input: { secretId: string; secretKey: string; service: string; host: string; action: string; version: string; region: string; payload: string; timestamp: number; timeoutMs: number }): RequestInit {
  const { secretId, secretKey, service, host, action, payload, timestamp } = input;
  const { authorization } = tc3Authorization({ secretId, secretKey, service, host, action, payload, timestamp });
  return {
    method: "POST",
    headers: {
      Authorization: authorization,
      "Content-Type": TC3_CONTENT_TYPE,
      "X-TC-Action": action,
      "X-TC-Version": input.version,
      "X-TC-Region": input.region,
      "X-TC-Timestamp": String(timestamp),
      "X-TC-Language": "zh-CN",
    },
    body: payload,
    signal: AbortSignal.timeout(input.timeoutMs),
  };
}

export function createTencentSender(cfg: TencentSmsConfig, deps: TencentSmsDeps = {}) {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const endpoint = deps.endpoint ?? ENDPOINT;
  const timeoutMs = deps.timeoutMs ?? TIMEOUT_MS;
  // The signed host must be the one the request actually goes to.
  const host = new URL(endpoint).host;

  return {
    name: "tencent" as const,
    async send(phone: string, code: string): Promise<void> {
      const payload = JSON.stringify({
        PhoneNumberSet: [phone.startsWith("+") ? phone : `+86${phone}`],
        SmsSdkAppId: cfg.sdkAppId,
        SignName: cfg.signName,
        TemplateId: cfg.templateId,
        TemplateParamSet: [code],
      });
      const timestamp = Math.floor(now().getTime() / 1000);
      const { secretId, secretKey } = cfg;

      let res: Response;
      let body: TencentResponse;
      try {
        res = await doFetch(endpoint, tc3Request({ secretId, secretKey, service: "sms", host, action: "SendSms", version: VERSION, region: REGION, payload, timestamp, timeoutMs }));
      } catch (err) {
        throw transportError(err);
      }
      try {
        body = (await res.json()) as TencentResponse;
      } catch (err) {
        if ((err as { name?: unknown } | null)?.name === "TimeoutError") throw transportError(err);
        throw new SmsSendError(`短信服务返回了无法识别的响应（HTTP ${res.status}）`, { cause: err });
      }
      const error = body?.Response?.Error;
      if (error) throw failure(error.Code, error.Message, `HTTP ${res.status}`);
      const status = body?.Response?.SendStatusSet?.[0];
      if (status?.Code === "Ok") return;
      throw failure(status?.Code, status?.Message, `HTTP ${res.status}`);
    },
  };
}
