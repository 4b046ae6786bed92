// The conversation sent to the model: starts with a user turn, alternates (consecutive turns of one role
// are joined), ends with the new question, and keeps only the most recent turns that fit a token budget.
import type { ChatTurn } from "@/lib/ai/chat";

/** Rough token count: one per CJK character, one per four other characters. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

export const HISTORY_TOKEN_BUDGET = 6000;

export function conversation(history: { role: "user" | "assistant"; content: string }[], question: string, budget = HISTORY_TOKEN_BUDGET): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const t of [...history, { role: "user" as const, content: question }]) {
    const content = t.content.trim();
    if (!content) continue;
    const last = turns.at(-1);
    if (last?.role === t.role) last.content = `${last.content}\n\n${content}`;
    else turns.push({ role: t.role, content });
  }
  while (turns.length && turns[0].role !== "user") turns.shift();
  // Drop the oldest exchanges (a user turn and its answer) until the rest fits; the question always stays.
  let total = turns.reduce((n, t) => n + estimateTokens(t.content), 0);
  while (turns.length > 1 && total > budget) {
    const dropped = turns.splice(0, 2);
    total -= dropped.reduce((n, t) => n + estimateTokens(t.content), 0);
  }
  return turns;
}
