// Runtime configuration: every environment variable the app reads, parsed once with zod.
// A bad value stops start-up with one line naming the variable (see scripts/start.ts, instrumentation.ts).
import { isIP } from "node:net";
import { z } from "@/lib/zod";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["true", "1", "yes"].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const postgresUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))
  .refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
    message: "必须是 postgres:// 或 postgresql:// 开头的连接地址",
  });

const httpUrl = optionalText.refine((v) => v === undefined || (/^https?:\/\//.test(v) && URL.canParse(v)), {
  message: "必须是 http:// 或 https:// 开头的地址",
});

/** TRUSTED_PROXIES: none, a hop count, or CIDRs (IPv4 and IPv6) of the proxies in front of the app. */
export type TrustedProxies = { hops: number } | { cidrs: { address: string; prefix: number; family: "ipv4" | "ipv6" }[] };

const PROXIES_RULE = "必须是 0（不信任代理）、代理层数（如 1），或以逗号分隔的代理网段（如 10.0.0.0/8,2001:db8::/32）";

const trustedProxies = z
  .string()
  .optional()
  .transform((v, ctx): TrustedProxies => {
    const text = v?.trim() ?? "";
    if (!text) return { hops: 0 };
    if (/^\d+$/.test(text) && Number(text) <= 10) return { hops: Number(text) };
    const cidrs: Extract<TrustedProxies, { cidrs: unknown }>["cidrs"] = [];
    for (const part of text.split(",").map((p) => p.trim())) {
      const [address, bits, extra] = part.split("/");
      const family = isIP(address) === 4 ? "ipv4" : isIP(address) === 6 ? "ipv6" : null;
      const max = family === "ipv4" ? 32 : 128;
      const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
      if (!family || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
        ctx.addIssue({ code: "custom", message: PROXIES_RULE });
        return z.NEVER;
      }
      cidrs.push({ address, prefix, family });
    }
    return { cidrs };
  });

/** An IndexNow key as the protocol allows it (indexnow.org/documentation): 8–128 of a-z, A-Z, 0-9 and -. */
const indexNowKey = optionalText.refine((v) => v === undefined || /^[a-zA-Z0-9-]{8,128}$/.test(v), {
  message: "必须是 8–128 个字符，只能包含字母、数字和连字符（-），如 openssl rand -hex 16 生成的 32 位十六进制",
});

/** An endpoint with a default (tests point it at a loopback server). */
const endpoint = (fallback: string) => httpUrl.transform((v) => v ?? fallback);

/**
 * SITE_URL: the site's public origin, which every canonical link, the sitemaps, robots.txt and the structured
 * data are built from. An origin only (a path, query or fragment would produce wrong links); a trailing slash
 * is dropped.
 */
const siteOrigin = httpUrl
  .refine((v) => v === undefined || !URL.canParse(v) || (new URL(v).pathname === "/" && !/[?#]/.test(v)), {
    message: "必须是网站的根地址，如 https://www.example.com（不含路径、查询参数或 #）",
  })
  .transform((v) => (v === undefined ? undefined : new URL(v).origin));

const STATEMENT_TIMEOUT_RULE = "必须是 0（不限时）或 100–600000 之间的整数（毫秒）";

export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ message: "必须是 1–65535 之间的整数" })
      .int({ message: "必须是 1–65535 之间的整数" })
      .min(1, { message: "必须是 1–65535 之间的整数" })
      .max(65535, { message: "必须是 1–65535 之间的整数" })
      .default(3000),
    DATABASE_URL: postgresUrl,
    /**
     * Read replicas (streaming standbys of DATABASE_URL's database), comma-separated: the web server reads what
     * tolerates a little lag from them in turn (lib/db/index.ts getReadDb; docs/deploy.md "Read replicas").
     */
    DATABASE_READ_URL: z
      .string()
      .optional()
      .refine((v) => !v?.trim() || v.split(",").every((u) => /^postgres(ql)?:\/\/\S+$/.test(u.trim()) && URL.canParse(u.trim())), {
        message: "必须是以逗号分隔的 postgres:// 或 postgresql:// 连接地址",
      })
      .transform((v) => (v?.trim() ? v.split(",").map((u) => u.trim()) : [])),
    /** A replica further behind than this (milliseconds) is left out until it catches up. */
    REPLICA_MAX_LAG_MS: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      z.coerce.number({ message: "必须是 100–600000 之间的整数（毫秒）" }).int().min(100, { message: "必须是 100–600000 之间的整数（毫秒）" }).max(600_000, { message: "必须是 100–600000 之间的整数（毫秒）" }).default(5_000),
    ),
    PGLITE_DIR: z.string().trim().min(1).default("data/pglite"),
    /**
     * The longest a query may run for a web request (PostgreSQL's statement_timeout on the web pool), in
     * milliseconds; 0 turns it off. Background jobs, command-line tools and migrations are not bound by it.
     */
    DB_STATEMENT_TIMEOUT_MS: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      z.coerce
        .number({ message: STATEMENT_TIMEOUT_RULE })
        .int({ message: STATEMENT_TIMEOUT_RULE })
        .refine((v) => v === 0 || (v >= 100 && v <= 600_000), { message: STATEMENT_TIMEOUT_RULE })
        .default(5_000),
    ),
    REQUIRE_DATABASE_URL: bool(false),
    AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: "至少需要 32 个字符",
    }),
    OPENAI_BASE_URL: httpUrl,
    OPENAI_API_KEY: optionalText,
    AI_CHAT_MODEL: optionalText,
    AI_EMBEDDING_MODEL: optionalText,
    AI_TRANSCRIBE_MODEL: optionalText,
    /** Cosine similarity below which a vector neighbour is not a search result (model-dependent). */
    AI_EMBEDDING_MIN_SIMILARITY: z.coerce
      .number({ message: "必须是 0–1 之间的数" })
      .min(0, { message: "必须是 0–1 之间的数" })
      .max(1, { message: "必须是 0–1 之间的数" })
      .default(0.4),
    SMS_PROVIDER: z
      .enum(["console", "aliyun", "tencent", "none"], { message: "只能是 console、aliyun、tencent 或 none" })
      .optional(),
    SMS_ACCESS_KEY_ID: optionalText,
    SMS_ACCESS_KEY_SECRET: optionalText,
    SMS_SIGN_NAME: optionalText,
    SMS_TEMPLATE_ID: optionalText,
    SMS_SDK_APP_ID: optionalText,
    SITE_URL: siteOrigin,
    SITE_ICP: optionalText,
    /**
     * Who runs the site, as the privacy policy and the user agreement name them (个人信息保护法 article 17: the
     * handler's name and contact): the company or person (SITE_OPERATOR) and how to reach the person in charge of
     * personal information (PRIVACY_CONTACT, e.g. an e-mail address). Unset: the pages say so plainly.
     */
    SITE_OPERATOR: optionalText.refine((v) => v === undefined || v.length <= 100, { message: "不能超过 100 个字符" }),
    PRIVACY_CONTACT: optionalText.refine((v) => v === undefined || v.length <= 200, { message: "不能超过 200 个字符" }),
    /** The AI provider's name as the privacy policy shows it (e.g. 深度求索（DeepSeek）); unset: OPENAI_BASE_URL's host. */
    AI_PROVIDER_NAME: optionalText.refine((v) => v === undefined || v.length <= 100, { message: "不能超过 100 个字符" }),
    /**
     * New articles are announced to search engines (lib/announce/): IndexNow (Bing, Yandex, Seznam …) when
     * INDEXNOW_KEY is set — the key file is served at /{key}.txt — and Baidu's 普通收录 push when BAIDU_PUSH_TOKEN
     * is set. Never from a SITE_URL that is unset or local. The endpoints change only for tests.
     */
    INDEXNOW_KEY: indexNowKey,
    INDEXNOW_ENDPOINT: endpoint("https://api.indexnow.org/indexnow"),
    BAIDU_PUSH_TOKEN: optionalText.refine((v) => v === undefined || /^[\x21-\x7e]{1,200}$/.test(v), {
      message: "必须是百度搜索资源平台“API提交”接口地址中 token= 后面的那段字符",
    }),
    BAIDU_PUSH_ENDPOINT: endpoint("http://data.zz.baidu.com/urls"),
    /**
     * Web Push (lib/push, docs/offline.md): the VAPID key pair (`npm run push:keys` makes one; base64url, as
     * web-push prints them) and the contact push services may use (mailto: or https:; unset: webmaster@ the
     * SITE_URL's host). Unset keys: no notifications, /profile says so.
     */
    VAPID_PUBLIC_KEY: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_-]{86,88}$/.test(v), { message: "必须是 base64url 编码的 P-256 公钥（npm run push:keys 生成）" }),
    VAPID_PRIVATE_KEY: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_-]{42,44}$/.test(v), { message: "必须是 base64url 编码的 P-256 私钥（npm run push:keys 生成）" }),
    VAPID_SUBJECT: optionalText.refine((v) => v === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), { message: "必须是 mailto: 邮箱或 https:// 地址" }),
    /**
     * Push services the server may send to, besides the browsers' own (FCM, Mozilla, Apple, Windows): a comma list
     * of origins. A subscription naming any other host is refused, so the server never posts to an address a
     * stranger chose (tests add their loopback push service here).
     */
    PUSH_EXTRA_ORIGINS: optionalText.transform((v) => (v ? v.split(",").map((o) => o.trim()).filter(Boolean) : [])),
    RUN_WORKER: bool(true),
    SUMMARY_CONCURRENCY: z.coerce.number({ message: "必须是 1–16 之间的整数" }).int().min(1).max(16).default(2),
    /**
     * Searches (and chat retrievals) one process lets query the database at once while its event loop keeps
     * up (one at a time while it runs late); the rest wait their turn, so a crowd searching cannot take every
     * pooled connection, or the event loop, from page loads (lib/search/gate.ts).
     */
    SEARCH_CONCURRENCY: z.coerce.number({ message: "必须是 1–32 之间的整数" }).int().min(1).max(32).default(3),
    /** Feed sources polled at the same time by one process's scheduler. */
    FEED_CONCURRENCY: z.coerce.number({ message: "必须是 1–16 之间的整数" }).int().min(1).max(16).default(3),
    /** 今日精选 (lib/digest): model calls a China-time day across the site; past it, digests are the local engine's. */
    DIGEST_DAILY_LIMIT: z.coerce.number({ message: "必须是 0–1000000 之间的整数" }).int().min(0).max(1_000_000).default(2000),
    /** Digests the worker writes at once (a model's answer takes seconds). */
    DIGEST_CONCURRENCY: z.coerce.number({ message: "必须是 1–64 之间的整数" }).int().min(1).max(64).default(4),
    /**
     * Where `npm run worker` writes the time each time its database answers (every 15 s), for a container health
     * check (compose.yaml; lib/server/heartbeat.ts). Unset: no file.
     */
    WORKER_HEARTBEAT_FILE: optionalText,
    ALLOW_PRIVATE_URLS: bool(false),
    /** The ffmpeg binary for media summaries (e.g. Debian's /usr/bin/ffmpeg); unset: the one @ffmpeg-installer ships. */
    FFMPEG_PATH: optionalText,
    /**
     * Which proxies in front of the app may say who the client is (X-Forwarded-For, read from the right):
     * unset or 0 = none (the socket's address), a hop count (1 = one nginx/load balancer), or a comma list of
     * CIDRs whose addresses are skipped from the right (lib/api/client-ip.ts; docs/security.md).
     */
    TRUSTED_PROXIES: trustedProxies,
    /**
     * Multiplies every per-address and new-account budget and the human-check thresholds (lib/abuse/budgets.ts):
     * raise it where many readers share one address (a campus, an office behind one NAT) or on a test server.
     */
    ABUSE_LIMIT_SCALE: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      z.coerce
        .number({ message: "必须是 0.01–100000 之间的数" })
        .min(0.01, { message: "必须是 0.01–100000 之间的数" })
        .max(100_000, { message: "必须是 0.01–100000 之间的数" })
        .default(1),
    ),
    /** Articles made from users' summaries: `review` (default) waits in the console's 待审核 queue; `publish` goes straight to the feed. */
    USER_ARTICLES: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      z.enum(["review", "publish"], { message: "只能是 review 或 publish" }).default("review"),
    ),
    /**
     * Comments (docs/comments.md): `post` (default) shows a comment at once and an operator removes it on review;
     * `pre` (先审后发) shows it only once approved.
     */
    COMMENTS_MODERATION: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      z.enum(["post", "pre"], { message: "只能是 post 或 pre" }).default("post"),
    ),
    /** Every reader's first N comments wait for an operator's approval (0: none). */
    COMMENTS_REVIEW_FIRST: z.coerce.number({ message: "必须是 0–1000 之间的整数" }).int().min(0).max(1000).default(0),
    /** IP 属地 beside every comment (lib/comments/ip-region.ts); false turns it off. */
    COMMENTS_IP_REGION: bool(true),
    /**
     * A content-safety provider every new or edited comment is sent to (lib/comments/safety/; docs/comments.md):
     * aliyun (阿里云内容安全 文本审核增强版), tencent (腾讯云文本内容安全), or none (default). What it flags, and every
     * comment it could not check, waits in the 待审核 queue. Its keys are its own, not the SMS ones.
     */
    COMMENTS_SAFETY_PROVIDER: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      z.enum(["none", "aliyun", "tencent"], { message: "只能是 none、aliyun 或 tencent" }).default("none"),
    ),
    COMMENTS_SAFETY_ACCESS_KEY_ID: optionalText,
    COMMENTS_SAFETY_ACCESS_KEY_SECRET: optionalText,
    /** The provider's region: aliyun cn-shanghai (the endpoint green-cip.<region>.aliyuncs.com), tencent ap-guangzhou by default. */
    COMMENTS_SAFETY_REGION: optionalText.refine((v) => v === undefined || /^[a-z]{2,}(-[a-z0-9]+)+$/.test(v), {
      message: "必须是地域代码，如 cn-shanghai（阿里云）或 ap-guangzhou（腾讯云）",
    }),
    /** The provider's address instead of its public one (a VPC endpoint; tests point it at a loopback server). */
    COMMENTS_SAFETY_ENDPOINT: httpUrl,
    /** Tencent's BizType (a policy made in its console) or Aliyun's Service (comment_detection unless set). */
    COMMENTS_SAFETY_BIZ_TYPE: optionalText.refine((v) => v === undefined || /^\w{1,64}$/.test(v), {
      message: "只能包含字母、数字和下划线（1–64 个字符），如 comment_detection",
    }),
    /** Verification codes the whole site may send per day (China time), whoever asks; 0 turns code sending off. */
    SMS_DAILY_LIMIT: z.coerce.number({ message: "必须是 0–10000000 之间的整数" }).int().min(0).max(10_000_000).default(2000),
    /** Ports a summary may fetch besides 80 and 443, comma-separated (e.g. 8080,8443); lib/summary/fetch.ts. */
    SUMMARY_FETCH_PORTS: z
      .string()
      .optional()
      .refine((v) => !v?.trim() || v.split(",").every((p) => /^\s*\d{1,5}\s*$/.test(p) && Number(p) >= 1 && Number(p) <= 65535), {
        message: "必须是以逗号分隔的端口号（1–65535），如 8080,8443",
      })
      .transform((v) => (v?.trim() ? [...new Set(v.split(",").map(Number))] : [])),
    /** The least severe log level written (lib/log.ts reads it on each line; checked here so a typo stops start-up). */
    LOG_LEVEL: z
      .string()
      .optional()
      .refine((v) => !v?.trim() || ["debug", "info", "warn", "warning", "error"].includes(v.trim().toLowerCase()), {
        message: "只能是 debug、info、warn（或 warning）、error",
      }),
    /**
     * /metrics in Prometheus' text format (lib/metrics/serve.ts; docs/operations.md): on the public port only with
     * `Authorization: Bearer <METRICS_TOKEN>` (unset: 404 there), and on METRICS_PORT without a token — a port
     * the operator keeps off the internet (the worker process has only that one).
     */
    METRICS_TOKEN: optionalText.refine((v) => v === undefined || /^[\x21-\x7e]{24,200}$/.test(v), {
      message: "至少需要 24 个字符（可见 ASCII 字符，可用 openssl rand -hex 24 生成）",
    }),
    METRICS_PORT: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? undefined : v),
      z.coerce.number({ message: "必须是 1–65535 之间的端口号" }).int().min(1, { message: "必须是 1–65535 之间的端口号" }).max(65535, { message: "必须是 1–65535 之间的端口号" }).optional(),
    ),
    SEED_DEMO: z
      .enum(["auto", "true", "false", "1", "0", ""])
      .optional()
      .transform((v) => (v === "true" || v === "1" ? "always" : v === "false" || v === "0" ? "never" : "when-empty")),
  })
  .superRefine((c, ctx) => {
    if (c.DATABASE_READ_URL.length > 0 && !c.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_READ_URL"], message: "只读副本须与 DATABASE_URL（主库）一起使用" });
    }
    if (c.REQUIRE_DATABASE_URL && !c.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "未设置：此部署必须连接 PostgreSQL" });
    }
    // Container deployments must bring their own secret. Elsewhere an unset AUTH_SECRET is generated
    // once and kept in the database (app_settings), so every instance on that database shares it.
    if (c.REQUIRE_DATABASE_URL && !c.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "未设置：此部署必须提供（至少 32 个字符，可用 openssl rand -base64 48 生成）" });
    }
    // Nor may a deployment guess its address: links built from http://localhost:3000 would be wrong in every
    // page, sitemap and robots.txt (a local `npm start` has no REQUIRE_DATABASE_URL, and its localhost is right).
    if (c.REQUIRE_DATABASE_URL && !c.SITE_URL) {
      ctx.addIssue({ code: "custom", path: ["SITE_URL"], message: "未设置：此部署必须提供网站的公开地址（如 https://www.example.com），规范链接、站点地图和 robots.txt 都由它生成" });
    }
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PUBLIC_KEY"], message: "VAPID_PUBLIC_KEY 和 VAPID_PRIVATE_KEY 须一起设置（npm run push:keys 生成）" });
    }
    const provider = c.SMS_PROVIDER;
    if ((provider === "aliyun" || provider === "tencent") && (!c.SMS_ACCESS_KEY_ID || !c.SMS_ACCESS_KEY_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["SMS_ACCESS_KEY_ID"], message: `使用 ${provider} 短信时必须设置 SMS_ACCESS_KEY_ID 和 SMS_ACCESS_KEY_SECRET` });
    }
    const safety = c.COMMENTS_SAFETY_PROVIDER;
    if (safety !== "none" && (!c.COMMENTS_SAFETY_ACCESS_KEY_ID || !c.COMMENTS_SAFETY_ACCESS_KEY_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["COMMENTS_SAFETY_ACCESS_KEY_ID"],
        message: `使用 ${safety} 内容安全服务时必须设置 COMMENTS_SAFETY_ACCESS_KEY_ID 和 COMMENTS_SAFETY_ACCESS_KEY_SECRET`,
      });
    }
  })
  .transform((c) => ({
    ...c,
    // On the embedded database or outside production, codes are printed to the server log; a production
    // deployment on Postgres must configure a real provider (until then code login is unavailable).
    SMS_PROVIDER: c.SMS_PROVIDER ?? (c.NODE_ENV === "production" && c.DATABASE_URL ? ("none" as const) : ("console" as const)),
    /** true when no AI key is configured: the local engine answers. */
    aiLocal: !c.OPENAI_API_KEY,
  }));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string, value: unknown) {
    const shown = value === undefined ? "" : `（当前值：${JSON.stringify(String(value)).slice(0, 80)}）`;
    super(`配置错误：环境变量 ${variable} ${detail}${shown}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment object; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue.path[0] ?? "?");
  throw new ConfigError(variable, issue.message, env[variable]);
}

let cached: Config | undefined;

/** The process configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Forgets the parsed configuration (tests change process.env between cases). */
export function resetConfig(): void {
  cached = undefined;
}
