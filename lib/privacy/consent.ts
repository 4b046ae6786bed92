// A reader's consent to the 用户协议与隐私政策 as it is stored on their account (users.terms_version and
// terms_accepted_at): the version of the policy they agreed to, and when.
import { POLICY_VERSION } from "./policy";

export function consentNow(now = new Date()): { termsVersion: string; termsAcceptedAt: Date } {
  return { termsVersion: POLICY_VERSION, termsAcceptedAt: now };
}
