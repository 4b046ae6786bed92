// The content-safety checker's shape, shared by the providers (aliyun.ts, tencent.ts) and the front door (index.ts).

/** pass: the provider saw nothing; review: hold the comment for an operator, with the provider's labels. */
export type SafetyVerdict = { verdict: "pass" | "review"; labels: string[] };

export type SafetyChecker = { name: string; check(text: string, ctx: { userId: number }): Promise<SafetyVerdict> };

/** How long a comment post waits for the provider before the comment is held for review instead. */
export const SAFETY_TIMEOUT_MS = 3_000;
