// Time to the first streamed byte of a chat answer: straight from the loopback provider, and through
// POST /api/v1/chat (retrieval, rate limit, prompt, SSE) — the difference is what the app adds. The questions
// are the project's question set in turn, so retrieval answers a different question each time.
// Requests alternate and run one at a time; the app runs with ABUSE_LIMIT_SCALE raised (bench/app-server.ts)
// so the visitor limit does not interfere.

import { QUESTIONS } from "@/test/questions/questions";

type Stats = { p50: number; p95: number };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const stats = (xs: number[]): Stats => ({ p50: Math.round(pct(xs, 50) * 100) / 100, p95: Math.round(pct(xs, 95) * 100) / 100 });

/** Milliseconds from sending the request to the first SSE `data:` of its answer. */
export async function firstData(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${url} ended without data`);
    seen += decoder.decode(value, { stream: true });
    if (seen.includes("data:")) {
      const ms = performance.now() - started;
      await reader.cancel();
      return ms;
    }
  }
}

/** Questions asked in turn: the project's question set (test/questions), as readers ask them. */
export const CHAT_QUESTIONS = QUESTIONS.map((q) => q.question);

export async function chatFirstByte(base: string, providerUrl: string, n: number, questions: string[] = CHAT_QUESTIONS) {
  const direct: number[] = [];
  const app: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    const question = questions[i % questions.length];
    const d = await firstData(`${providerUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer test-key" },
      body: JSON.stringify({ model: "fake-chat", stream: true, messages: [{ role: "user", content: question }] }),
    });
    const a = await firstData(`${base}/api/v1/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: question, history: [] }),
    });
    if (i < 3) continue; // warm-up
    direct.push(d);
    app.push(a);
  }
  return { requests: n, direct: stats(direct), app: stats(app), added: stats(app.map((a, i) => a - direct[i])) };
}
