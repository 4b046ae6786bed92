import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import PrivacyPage from "@/app/privacy/page";
import TermsPage from "@/app/terms/page";
import { parseConfig, resetConfig } from "@/lib/config";
import { COMMENT_RECORD_DAYS } from "@/lib/comments/constants";
import { policyFacts, POLICY_VERSION, SMS_CODE_RETENTION_DAYS } from "./policy";

const facts = (env: Record<string, string>) => policyFacts(parseConfig(env));

/** The page as a reader sees it, under `env` (the pages read the process configuration). */
function render(page: () => React.ReactElement, env: Record<string, string>): string {
  const saved = { ...process.env };
  try {
    for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_PROVIDER_NAME", "SMS_PROVIDER", "SITE_OPERATOR", "PRIVACY_CONTACT", "SITE_ICP", "SITE_URL"]) delete process.env[k];
    Object.assign(process.env, env);
    resetConfig();
    return renderToStaticMarkup(page()).replace(/<!-- -->/g, "");
  } finally {
    process.env = saved;
    resetConfig();
  }
}

afterEach(() => resetConfig());

describe("policyFacts", () => {
  it("names no AI provider when the local engine answers, and no operator or contact when none is configured", () => {
    expect(facts({})).toEqual({ version: POLICY_VERSION, operator: null, contact: null, icp: null, ai: null, sms: { kind: "log" }, commentSafety: null, ipRegion: true });
  });

  it.each([
    [{}, "OpenAI", false],
    [{ OPENAI_BASE_URL: "https://api.deepseek.com/v1" }, "深度求索（DeepSeek）", false],
    [{ OPENAI_BASE_URL: "https://dashscope.aliyuncs.com/compatible-mode/v1" }, "阿里云百炼（通义千问）", false],
    [{ OPENAI_BASE_URL: "https://llm.example.cn/v1" }, "llm.example.cn", false],
    [{ OPENAI_BASE_URL: "https://llm.example.cn/v1", AI_PROVIDER_NAME: "示例智能科技有限公司" }, "示例智能科技有限公司", false],
    [{ OPENAI_BASE_URL: "http://127.0.0.1:8000/v1" }, "本站自行部署的模型服务", true],
    [{ OPENAI_BASE_URL: "http://10.0.3.7:11434/v1" }, "本站自行部署的模型服务", true],
    [{ OPENAI_BASE_URL: "http://[::1]:8000/v1" }, "本站自行部署的模型服务", true],
    [{ OPENAI_BASE_URL: "http://vllm:8000/v1" }, "本站自行部署的模型服务", true],
    [{ OPENAI_BASE_URL: "http://172.32.0.1/v1" }, "172.32.0.1", false],
  ])("with a key, %j is processed by %s (self-hosted: %s)", (env, name, selfHosted) => {
    expect(facts({ OPENAI_API_KEY: "sk-test", ...env }).ai).toEqual({ name, selfHosted });
  });

  it.each([
    [{ SMS_PROVIDER: "aliyun", SMS_ACCESS_KEY_ID: "id", SMS_ACCESS_KEY_SECRET: "s" }, { kind: "provider", name: "阿里云短信服务（阿里云计算有限公司）" }],
    [{ SMS_PROVIDER: "tencent", SMS_ACCESS_KEY_ID: "id", SMS_ACCESS_KEY_SECRET: "s" }, { kind: "provider", name: "腾讯云短信（腾讯云计算（北京）有限责任公司）" }],
    [{ SMS_PROVIDER: "console" }, { kind: "log" }],
    [{ SMS_PROVIDER: "none" }, { kind: "off" }],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://db/x" }, { kind: "off" }],
  ])("SMS %j → %j", (env, sms) => {
    expect(facts(env).sms).toEqual(sms);
  });

  it.each([
    [{}, null],
    [{ COMMENTS_SAFETY_PROVIDER: "aliyun", COMMENTS_SAFETY_ACCESS_KEY_ID: "id", COMMENTS_SAFETY_ACCESS_KEY_SECRET: "s" }, "阿里云内容安全（阿里云计算有限公司）"],
    [{ COMMENTS_SAFETY_PROVIDER: "tencent", COMMENTS_SAFETY_ACCESS_KEY_ID: "id", COMMENTS_SAFETY_ACCESS_KEY_SECRET: "s" }, "腾讯云文本内容安全（腾讯云计算（北京）有限责任公司）"],
  ])("comment safety %j → %s", (env, name) => {
    expect(facts(env).commentSafety).toBe(name);
  });

  it("refuses an operator name past 100 characters, naming the variable", () => {
    expect(() => parseConfig({ SITE_OPERATOR: "公".repeat(101) })).toThrow(/SITE_OPERATOR/);
    expect(() => parseConfig({ PRIVACY_CONTACT: "x".repeat(201) })).toThrow(/PRIVACY_CONTACT/);
  });
});

describe("the 隐私政策 page", () => {
  it("names the operator, the contact, the AI and SMS providers the configuration sends data to, and the retention", () => {
    const html = render(PrivacyPage, {
      SITE_OPERATOR: "北京拾阅科技有限公司",
      PRIVACY_CONTACT: "privacy@shiyue.example",
      SITE_ICP: "京ICP备00000000号-1",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: "https://api.deepseek.com/v1",
      SMS_PROVIDER: "aliyun",
      SMS_ACCESS_KEY_ID: "id",
      SMS_ACCESS_KEY_SECRET: "secret",
      COMMENTS_SAFETY_PROVIDER: "tencent",
      COMMENTS_SAFETY_ACCESS_KEY_ID: "id",
      COMMENTS_SAFETY_ACCESS_KEY_SECRET: "secret",
      SITE_URL: "https://www.shiyue.example",
    });
    expect(html).toContain("<h1");
    expect(html).toContain("拾阅隐私政策");
    expect(html).toContain("北京拾阅科技有限公司");
    expect(html).toContain("privacy@shiyue.example");
    expect(html).toContain("京ICP备00000000号-1");
    expect(html).toContain("委托<strong>深度求索（DeepSeek）</strong>");
    expect(html).toContain("提供给<strong>阿里云短信服务（阿里云计算有限公司）</strong>");
    expect(html).toContain(`验证码发送记录：${SMS_CODE_RETENTION_DAYS} 天后自动删除`);
    expect(html).toContain("交给<strong>腾讯云文本内容安全（腾讯云计算（北京）有限责任公司）</strong>检查");
    expect(html).toContain("IP 属地（省份或国家");
    expect(html).toContain(`依法留存 ${COMMENT_RECORD_DAYS} 天`);
    expect(html).toContain("全站使用 HTTPS 加密传输");
    expect(html).toContain('href="/profile"');
    expect(html).toContain("更新日期：2026 年 11 月 30 日");
    expect(html).toContain("内容端到端加密"); // 消息推送 (issue 45)
    expect(html).not.toContain("sk-test");
  });

  it("says plainly when nothing leaves the server and no contact is configured", () => {
    const html = render(PrivacyPage, { SMS_PROVIDER: "console" });
    expect(html).toContain("本站目前没有接入第三方 AI 服务");
    expect(html).toContain("本站目前没有接入短信服务商");
    expect(html).not.toContain("内容安全服务");
    expect(html).toContain("运营者暂未公布联系方式");
    expect(html).toContain("由<strong>本站运营者</strong>运营");
    expect(html).not.toContain("HTTPS");
    expect(render(PrivacyPage, { SMS_PROVIDER: "none" })).toContain("本站目前没有开通短信验证码");
  });
});

describe("the 用户协议 page", () => {
  it("names the operator and links the privacy policy", () => {
    const html = render(TermsPage, { SITE_OPERATOR: "北京拾阅科技有限公司" });
    expect(html).toContain("拾阅用户协议");
    expect(html).toContain("北京拾阅科技有限公司");
    expect(html).toContain('href="/privacy"');
    expect(html).toContain("由人工智能生成");
  });
});
