import "server-only";
// The two ways of telling search engines about new pages, each one HTTP request per batch of URLs, and what
// their answers mean:
// - IndexNow (indexnow.org/documentation): a JSON POST { host, key, keyLocation, urlList } of up to 10,000 URLs
//   of one host to api.indexnow.org, which shares it with every engine of the protocol (Bing, Yandex, Seznam,
//   Naver …). 200 received, 202 received while the key is being checked; 400 malformed, 403 the key file is
//   missing or does not hold the key, 422 URLs of another host or a key outside the protocol's form, 429 too
//   many requests. The key file is ours to serve at keyLocation (app/api/indexnow-key, through next.config.ts).
// - Baidu's 普通收录 API push: a text/plain POST of up to 2,000 URLs, one a line, to data.zz.baidu.com/urls
//   ?site=…&token=…; 200 answers { success, remain, not_same_site, not_valid } (remain: what today's quota
//   still allows), a refusal { error, message } with the status as error (400 over quota, site error, more
//   than 2,000 URLs; 401 token is not valid).
// A send never throws: a network failure is an outcome to retry like a 429 or a 5xx.
import type { Config } from "@/lib/config";
import { errorMessage } from "@/lib/log";
import { retryAfterSeconds } from "@/lib/ingest/schedule";

export type ServiceKey = "indexnow" | "baidu";

/** The public site whose permalinks are announced: `base` is SITE_URL without a trailing slash. */
export type Site = { base: string; origin: string; host: string; protocol: "http:" | "https:" };

export type Outcome =
  /** The engine took the URLs; `remain` is Baidu's quota left today. */
  | { kind: "sent"; status: number; result: string; remain?: number }
  /** Worth trying again later: 429, 5xx, no answer. */
  | { kind: "retry"; status: number | null; result: string; retryAfterSeconds?: number | null }
  /** Refused for good (a bad key, a malformed request): retrying the same request would be refused again. */
  | { kind: "rejected"; status: number; result: string }
  /** Baidu's daily quota is used up: the URLs wait for tomorrow. */
  | { kind: "quota"; status: number; result: string };

export type SendInput = { site: Site; urls: string[]; config: Config; now: Date; signal?: AbortSignal };

export type Service = {
  key: ServiceKey;
  /** What the console calls it. */
  label: string;
  /** The variable that turns it on. */
  setting: string;
  /** URLs one request may carry (the protocol's limit). */
  maxBatch: number;
  configured: (config: Config) => boolean;
  send: (input: SendInput) => Promise<Outcome>;
};

/** How long one request may take. */
export const SEND_TIMEOUT_MS = 15_000;

const userAgent = (site: Site) => `Shiyue/1.0 (+${site.origin}/about)`;

/** Where the IndexNow key file is served: the protocol's default place, at the root (so it covers every path). */
export function keyLocation(site: Site, key: string): string {
  return `${site.origin}/${key}.txt`;
}

async function post(url: string, init: { headers: Record<string, string>; body: string; signal?: AbortSignal }) {
  const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const res = await fetch(url, { method: "POST", headers: init.headers, body: init.body, signal, redirect: "error" });
  const text = (await res.text()).slice(0, 2_000);
  return { status: res.status, text, retryAfter: res.headers.get("retry-after") };
}

function unreachable(err: unknown): Outcome {
  const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
  return { kind: "retry", status: null, result: timedOut ? "连接超时" : `无法连接：${errorMessage(err).slice(0, 120)}` };
}

const INDEXNOW_REFUSALS: Record<number, string> = {
  400: "请求格式有误",
  403: "密钥无效：搜索引擎读不到密钥文件，或文件内容与密钥不符",
  422: "网址不属于该站点，或密钥不符合协议",
};

export function indexNowOutcome(status: number, retryAfter: string | null, now: Date): Outcome {
  if (status === 200) return { kind: "sent", status, result: "已提交" };
  if (status === 202) return { kind: "sent", status, result: "已收到，密钥待验证" };
  if (status === 429) return { kind: "retry", status, result: "请求过于频繁", retryAfterSeconds: retryAfterSeconds(retryAfter, now) };
  if (status >= 500) return { kind: "retry", status, result: "服务暂时不可用", retryAfterSeconds: retryAfterSeconds(retryAfter, now) };
  return { kind: "rejected", status, result: INDEXNOW_REFUSALS[status] ?? "未预期的回答" };
}

export const indexNow: Service = {
  key: "indexnow",
  label: "IndexNow（必应、Yandex、Seznam 等）",
  setting: "INDEXNOW_KEY",
  maxBatch: 10_000,
  configured: (config) => Boolean(config.INDEXNOW_KEY),
  async send({ site, urls, config, now, signal }) {
    const key = config.INDEXNOW_KEY!;
    try {
      const res = await post(config.INDEXNOW_ENDPOINT, {
        headers: { "Content-Type": "application/json; charset=utf-8", "User-Agent": userAgent(site) },
        body: JSON.stringify({ host: site.host, key, keyLocation: keyLocation(site, key), urlList: urls }),
        signal,
      });
      return indexNowOutcome(res.status, res.retryAfter, now);
    } catch (err) {
      return unreachable(err);
    }
  },
};

/** Baidu's `site`: the site as its 搜索资源平台 shows it in the interface address (with https:// for an https site). */
export function baiduSite(site: Site): string {
  return site.protocol === "https:" ? site.origin : site.host;
}

type BaiduAnswer = { success?: unknown; remain?: unknown; not_same_site?: unknown; not_valid?: unknown; error?: unknown; message?: unknown };

function parseJson(text: string): BaiduAnswer | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as BaiduAnswer) : null;
  } catch {
    return null;
  }
}

const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);

export function baiduOutcome(status: number, text: string, retryAfter: string | null, now: Date): Outcome {
  const answer = parseJson(text);
  if (status === 200) {
    if (typeof answer?.success !== "number") return { kind: "sent", status, result: "已提交（回答无法识别）" };
    const remain = typeof answer.remain === "number" ? answer.remain : undefined;
    const refused = [
      count(answer.not_same_site) ? `${count(answer.not_same_site)} 条不属于本站` : "",
      count(answer.not_valid) ? `${count(answer.not_valid)} 条不合法` : "",
    ].filter(Boolean);
    const result = [`收下 ${answer.success} 条`, ...refused, remain === undefined ? "" : `今日还可推送 ${remain} 条`].filter(Boolean).join("，");
    return { kind: "sent", status, result, remain };
  }
  const message = typeof answer?.message === "string" ? answer.message.slice(0, 100) : "";
  if (/over quota/i.test(message)) return { kind: "quota", status, result: "今日配额已用完" };
  if (status === 429 || status >= 500) return { kind: "retry", status, result: "服务暂时不可用", retryAfterSeconds: retryAfterSeconds(retryAfter, now) };
  if (status === 401) return { kind: "rejected", status, result: "token 无效" };
  return { kind: "rejected", status, result: message ? `百度拒绝：${message}` : "未预期的回答" };
}

export const baiduPush: Service = {
  key: "baidu",
  label: "百度普通收录（API 推送）",
  setting: "BAIDU_PUSH_TOKEN",
  maxBatch: 2_000,
  configured: (config) => Boolean(config.BAIDU_PUSH_TOKEN),
  async send({ site, urls, config, now, signal }) {
    const endpoint = new URL(config.BAIDU_PUSH_ENDPOINT);
    endpoint.searchParams.set("site", baiduSite(site));
    endpoint.searchParams.set("token", config.BAIDU_PUSH_TOKEN!);
    try {
      const res = await post(endpoint.toString(), {
        headers: { "Content-Type": "text/plain", "User-Agent": userAgent(site) },
        body: urls.join("\n"),
        signal,
      });
      return baiduOutcome(res.status, res.text, res.retryAfter, now);
    } catch (err) {
      return unreachable(err);
    }
  },
};

export const SERVICES: readonly Service[] = [indexNow, baiduPush];

/** An article's permalink, as its canonical link and the sitemap give it. */
export function permalink(site: Site, id: number): string {
  return `${site.base}/articles/${id}`;
}

const LOCAL_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$/i;

/** The site to announce: SITE_URL, unless unset or on this machine (development), when nothing is announced. */
export function announcedSite(config: Config): Site | null {
  if (!config.SITE_URL) return null;
  const url = new URL(config.SITE_URL);
  if (LOCAL_HOST.test(url.hostname)) return null;
  return { base: config.SITE_URL.replace(/\/+$/, ""), origin: url.origin, host: url.host, protocol: url.protocol as Site["protocol"] };
}
