import "server-only";
// The content-safety provider configured by COMMENTS_SAFETY_PROVIDER (docs/comments.md): aliyun (阿里云内容安全
// 文本审核增强版), tencent (腾讯云文本内容安全), or none (the default: no provider, the site's own rules only).
// A checker answers pass or review; when the provider cannot answer it throws SafetyUnavailableError, and the
// caller holds the comment for an operator (fail closed: never shown unchecked, never lost).
import { getConfig } from "@/lib/config";
import { createAliyunChecker } from "./aliyun";
import { createTencentChecker } from "./tencent";
import type { SafetyChecker } from "./types";

export { SafetyUnavailableError } from "./errors";
export { SAFETY_TIMEOUT_MS, type SafetyChecker, type SafetyVerdict } from "./types";

let checker: SafetyChecker | null | undefined;

/** The configured checker, or null when no provider is configured (COMMENTS_SAFETY_PROVIDER=none). */
export function contentSafety(): SafetyChecker | null {
  if (checker !== undefined) return checker;
  const c = getConfig();
  // The configuration refuses aliyun or tencent without both keys.
  const need = (v: string | undefined) => v ?? "";
  switch (c.COMMENTS_SAFETY_PROVIDER) {
    case "aliyun":
      checker = createAliyunChecker({
        accessKeyId: need(c.COMMENTS_SAFETY_ACCESS_KEY_ID),
        accessKeySecret: need(c.COMMENTS_SAFETY_ACCESS_KEY_SECRET),
        service: c.COMMENTS_SAFETY_BIZ_TYPE,
        region: c.COMMENTS_SAFETY_REGION,
        endpoint: c.COMMENTS_SAFETY_ENDPOINT,
      });
      break;
    case "tencent":
      checker = createTencentChecker({
        secretId: need(c.COMMENTS_SAFETY_ACCESS_KEY_ID),
        secretKey: need(c.COMMENTS_SAFETY_ACCESS_KEY_SECRET),
        bizType: c.COMMENTS_SAFETY_BIZ_TYPE,
        region: c.COMMENTS_SAFETY_REGION,
        endpoint: c.COMMENTS_SAFETY_ENDPOINT,
      });
      break;
    default:
      checker = null;
  }
  return checker;
}

/** Tests swap the checker (a fixed verdict, a provider that fails); undefined reads the configuration again. */
export function setContentSafetyForTests(c: SafetyChecker | null | undefined): void {
  checker = c;
}
