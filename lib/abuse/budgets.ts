import "server-only";
// The abuse budget: what one address, one new account, one number prefix and the whole site may spend on
// things that cost money or CPU (SMS, argon2id, the AI provider). Each per-address and new-account number is
// multiplied by ABUSE_LIMIT_SCALE; the site-wide SMS cap is SMS_DAILY_LIMIT. Counted in the database
// (rate_limits, sms_codes), so every instance shares them. docs/security.md explains the numbers.
import { chinaDay, chinaDayStartOf } from "@/lib/china-time";
import { getConfig } from "@/lib/config";

export const BUDGET = {
  /** Registrations per address (each costs an argon2id hash). */
  registerPerHour: 5,
  registerPerDay: 20,
  /** Registrations in the hour from one address after which a human check is asked for. */
  registerCheckAfter: 2,
  /** Codes sent per address (sms_codes rows). */
  smsPerAddressHour: 20,
  smsPerAddressDay: 50,
  /** Codes sent in the hour from one address after which a human check is asked for. */
  smsCheckAfter: 3,
  /** Codes sent per hour to numbers sharing their first 7 digits (one carrier block: number pumping). */
  smsPerPrefixHour: 20,
  /** Human-check challenges issued per address (each is signed work for the server; a solver needs one per request). */
  humanCheckIssuePerHour: 60,
  /** Chat questions and summaries a day for accounts younger than FRESH_ACCOUNT_MS (others: the spec-era limits). */
  chatFreshUserDay: 50,
  summaryFreshUserDay: 10,
  /** Signed-in chat questions and summaries a day from one address, whoever asks (free accounts do not multiply). */
  chatPerAddressDay: 600,
  summaryPerAddressDay: 100,
  /** Comments and replies per account and per address (lib/comments/budget.ts), and the human check on a burst. */
  commentPerUserHour: 30,
  commentPerUserDay: 200,
  commentPerAddressHour: 60,
  commentPerAddressDay: 400,
  /** Comments in the hour from one address after which a human check is asked for. */
  commentCheckAfter: 10,
  /** Likes on comments (each may notify someone) and reports (each may hide a comment) per account. */
  commentLikePerUserHour: 300,
  commentReportPerUserDay: 30,
  /** Edits per account (each is checked again, by the word list and the content-safety provider). */
  commentEditPerUserHour: 30,
} as const;

export const FRESH_ACCOUNT_MS = 24 * 3_600_000;

/** A budget number times ABUSE_LIMIT_SCALE (at least 1). */
export function scaled(key: keyof typeof BUDGET): number {
  return Math.max(1, Math.round(BUDGET[key] * getConfig().ABUSE_LIMIT_SCALE));
}

export function isFreshAccount(createdAt: Date, now = new Date()): boolean {
  return now.getTime() - createdAt.getTime() < FRESH_ACCOUNT_MS;
}

/** The China day of `now` (YYYY-MM-DD, UTC+8) and the instant it ends: the site's daily SMS cap counts per day. */
export function chinaDayOf(now = new Date()): { day: string; endsAt: Date } {
  const day = chinaDay(now);
  return { day, endsAt: new Date(chinaDayStartOf(day).getTime() + 86_400_000) };
}
