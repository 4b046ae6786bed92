// The facts the 隐私政策 and 用户协议 pages state that depend on the deployment (docs/privacy.md): who runs the
// site and how to reach them, and who processes what readers give — the AI provider and the SMS provider, named
// from the configuration that actually sends data to them, so the policy cannot name one and use another.
import { isIP } from "node:net";
import { getConfig, type Config } from "@/lib/config";

/**
 * The policy's version: its date of update. A reader's consent records the version they agreed to
 * (users.terms_version); change it whenever the policy's text changes what is collected, why, or who gets it.
 */
export const POLICY_VERSION = "2026-11-30";

/** SMS verification codes (with the asking address) are kept this long, then the retention sweep removes them. */
export const SMS_CODE_RETENTION_DAYS = 30;

export type PolicyFacts = {
  version: string;
  /** The company or person running the site; null when the operator has not configured it. */
  operator: string | null;
  contact: string | null;
  icp: string | null;
  /** The AI provider questions, searches and summaries go to; null when the local engine answers (nothing leaves). */
  ai: { name: string; selfHosted: boolean } | null;
  /** Who sends the codes: a provider, the server's own log (development), or no one (code sign-in off). */
  sms: { kind: "provider"; name: string } | { kind: "log" } | { kind: "off" };
  /** Who checks comments before they show (COMMENTS_SAFETY_PROVIDER); null when only the site's own rules do. */
  commentSafety: string | null;
  /** Whether comments show the IP 属地 (COMMENTS_IP_REGION). */
  ipRegion: boolean;
};

/** Well-known OpenAI-compatible endpoints by host, as a reader would know the company. */
const AI_HOSTS: Record<string, string> = {
  "api.openai.com": "OpenAI",
  "api.deepseek.com": "深度求索（DeepSeek）",
  "dashscope.aliyuncs.com": "阿里云百炼（通义千问）",
  "api.moonshot.cn": "月之暗面（Kimi）",
  "api.siliconflow.cn": "硅基流动（SiliconFlow）",
  "open.bigmodel.cn": "智谱 AI（GLM）",
  "ark.cn-beijing.volces.com": "火山引擎（豆包）",
  "qianfan.baidubce.com": "百度智能云千帆（文心）",
};

const SMS_PROVIDERS = { aliyun: "阿里云短信服务（阿里云计算有限公司）", tencent: "腾讯云短信（腾讯云计算（北京）有限责任公司）" };
const SAFETY_PROVIDERS = { aliyun: "阿里云内容安全（阿里云计算有限公司）", tencent: "腾讯云文本内容安全（腾讯云计算（北京）有限责任公司）" };

export function policyFacts(config: Config = getConfig()): PolicyFacts {
  return {
    version: POLICY_VERSION,
    operator: config.SITE_OPERATOR ?? null,
    contact: config.PRIVACY_CONTACT ?? null,
    icp: config.SITE_ICP ?? null,
    ai: config.aiLocal ? null : aiProvider(config),
    sms:
      config.SMS_PROVIDER === "aliyun" || config.SMS_PROVIDER === "tencent"
        ? { kind: "provider", name: SMS_PROVIDERS[config.SMS_PROVIDER] }
        : config.SMS_PROVIDER === "console"
          ? { kind: "log" }
          : { kind: "off" },
    commentSafety: config.COMMENTS_SAFETY_PROVIDER === "aliyun" || config.COMMENTS_SAFETY_PROVIDER === "tencent" ? SAFETY_PROVIDERS[config.COMMENTS_SAFETY_PROVIDER] : null,
    ipRegion: config.COMMENTS_IP_REGION,
  };
}

function aiProvider(config: Config): { name: string; selfHosted: boolean } {
  const host = new URL(config.OPENAI_BASE_URL ?? "https://api.openai.com/v1").hostname.replace(/^\[|\]$/g, "");
  const selfHosted = privateHost(host);
  const name = config.AI_PROVIDER_NAME ?? AI_HOSTS[host] ?? (selfHosted ? "本站自行部署的模型服务" : host);
  return { name, selfHosted };
}

/** A host on the operator's own network: loopback, a private or link-local address, or a name without a dot. */
function privateHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local")) return true;
  if (isIP(host) === 4) return /^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host);
  if (isIP(host) === 6) return host === "::1" || /^f[cd]|^fe[89ab]/i.test(host);
  return !host.includes(".");
}
