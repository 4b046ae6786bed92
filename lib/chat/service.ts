import "server-only";
// A chat answer as a stream of events: retrieval first, then the model (citations checked) or, without a
// model, the local engine. A provider failure becomes one `error` event after whatever was sent.
import { isFreshAccount, scaled } from "@/lib/abuse/budgets";
import { refuse, spend } from "@/lib/abuse/spend";
import { chatModel, describeAiError, streamChat } from "@/lib/ai/chat";
import type { LimitRule } from "@/lib/api/rate-limit";
import { listArticles } from "@/lib/articles/queries";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { errorMessage, log } from "@/lib/log";
import { MSG } from "@/lib/messages";
import { CitationFilter } from "./citations";
import { conversation } from "./history";
import { localAnswer } from "./local-engine";
import { chatMessages } from "./prompt";
import { retrieveSources, toSource, type Source } from "./retrieval";
import type { ChatBody } from "./schema";

export type StreamEvent = { type: "reasoning" | "content" | "error"; content: string };

/**
 * Per signed-in user, and per address for visitors (stored in the database, shared by all instances). An
 * account younger than a day gets BUDGET.chatFreshUserDay a day, and all signed-in questions from one address
 * share BUDGET.chatPerAddressDay, so free accounts made in a row do not multiply the budget. The visitor's
 * limits are per address and scale with ABUSE_LIMIT_SCALE (lib/abuse/budgets.ts).
 */
export const CHAT_LIMITS: Record<"user" | "visitor", { minute: LimitRule; day: LimitRule }> = {
  user: { minute: { limit: 20, windowMs: 60_000 }, day: { limit: 300, windowMs: 86_400_000 } },
  visitor: { minute: { limit: 10, windowMs: 60_000 }, day: { limit: 100, windowMs: 86_400_000 } },
};

export async function checkChatLimit({ db, user, ip, now = new Date() }: { db: Db; user: { id: number; createdAt: Date } | null; ip: string; now?: Date }): Promise<void> {
  const scale = getConfig().ABUSE_LIMIT_SCALE;
  const perAddress = (rule: LimitRule) => ({ ...rule, limit: Math.max(1, Math.round(rule.limit * scale)) });
  const rules: [string, LimitRule][] = user
    ? [
        [`chat:user:${user.id}:minute`, CHAT_LIMITS.user.minute],
        [`chat:user:${user.id}:day`, isFreshAccount(user.createdAt, now) ? { ...CHAT_LIMITS.user.day, limit: scaled("chatFreshUserDay") } : CHAT_LIMITS.user.day],
        [`chat:ip-users:${ip}:day`, { limit: scaled("chatPerAddressDay"), windowMs: 86_400_000 }],
      ]
    : [
        [`chat:ip:${ip}:minute`, perAddress(CHAT_LIMITS.visitor.minute)],
        [`chat:ip:${ip}:day`, perAddress(CHAT_LIMITS.visitor.day)],
      ];
  // One question spends each counter atomically (lib/abuse/spend.ts); one past its limit gives the others back.
  await spend(db, rules.map(([key, rule]) => ({ key, limit: rule.limit, windowMs: rule.windowMs, full: refuse(MSG.chatRateLimited) })), now);
}

/** Splits text into small pieces so the local answer streams like a model's. */
function* pieces(text: string, size = 24): Generator<string> {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += size) yield chars.slice(i, i + size).join("");
}

async function popular(db: Db): Promise<Source[]> {
  const { items } = await listArticles({ db, page: 1, limit: 3 });
  return items.map((a, i) => toSource(a, i + 1));
}

export async function* chatEvents({ db, body, signal, idleMs }: { db: Db; body: ChatBody; signal?: AbortSignal; idleMs?: number }): AsyncGenerator<StreamEvent> {
  const sources = await retrieveSources({ db, question: body.message, signal });
  if (!chatModel()) {
    const answer = localAnswer({ question: body.message, sources, popular: sources.length ? [] : await popular(db) });
    for (const piece of pieces(answer)) yield { type: "content", content: piece };
    return;
  }
  const filter = new CitationFilter(new Set(sources.map((s) => s.id)));
  const messages = chatMessages(conversation(body.history, body.message), sources);
  try {
    for await (const event of streamChat({ messages, signal, idleMs })) {
      if (event.type === "reasoning") {
        yield event;
        continue;
      }
      const safe = filter.push(event.content);
      if (safe) yield { type: "content", content: safe };
    }
    const rest = filter.end();
    if (rest) yield { type: "content", content: rest };
  } catch (err) {
    if (signal?.aborted) return;
    const rest = filter.end();
    if (rest) yield { type: "content", content: rest };
    log.warn("chat provider failed", { error: errorMessage(err) });
    yield { type: "error", content: describeAiError(err) };
  }
}
