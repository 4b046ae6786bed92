// The local engine's answer when no language model is configured: honest about what it is, and useful —
// the most relevant articles, linked, each with the sentences that best match the question's words.
import { questionTerms } from "@/lib/search/question-terms";
import type { Source } from "./retrieval";

export const LOCAL_NOTICE = "当前未接入大语言模型，以下内容由站内检索（本地引擎）整理，仅供参考。";

const MAX_SENTENCE = 120;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;])|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 6);
}

/** The two sentences of `text` sharing the most words with the question, in their original order. */
export function keySentences(text: string, words: string[], count = 2): string[] {
  const scored = sentences(text).map((s, i) => ({ s, i, score: words.filter((w) => s.toLowerCase().includes(w)).length }));
  const best = scored
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, count)
    .sort((a, b) => a.i - b.i);
  const picked = best.length ? best : scored.slice(0, 1);
  return picked.map(({ s }) => (s.length > MAX_SENTENCE ? `${s.slice(0, MAX_SENTENCE)}…` : s));
}

const escape = (s: string) => s.replace(/([[\]*_`>#])/g, "\\$1");

export function localAnswer({ question, sources, popular }: { question: string; sources: Source[]; popular: Source[] }): string {
  // The question's topic terms (its own words and their near forms), not how it is asked: 怎么办 or 为什么
  // would pick sentences that merely ask something.
  const words = [...new Set(questionTerms(question).map((t) => t.text))];
  const quoted = question.length > 40 ? `${question.slice(0, 40)}…` : question;
  const lines = [`> ${LOCAL_NOTICE}`, ""];
  if (!sources.length) {
    lines.push(`站内暂时没有找到与“${escape(quoted)}”相关的文章。可以换个说法或更具体的关键词再试试。`);
    if (popular.length) {
      lines.push("", "这些是最近大家在读的文章：", "");
      for (const p of popular) lines.push(`- [${escape(p.title)}](${p.url})`);
    }
    return lines.join("\n");
  }
  lines.push(`关于“${escape(quoted)}”，站内最相关的 ${sources.length} 篇文章：`, "");
  for (const s of sources) {
    const meta = [s.platform, s.author].filter(Boolean).join(" · ");
    lines.push(`${s.n}. **[${escape(s.title)}](${s.url})**${meta ? `（${escape(meta)}）` : ""}`);
    for (const sentence of keySentences(s.text || s.summary || "", words)) lines.push(`   > ${escape(sentence)}`);
    lines.push("");
  }
  lines.push("点开文章可以阅读全文；配置大语言模型后，我可以综合这些文章直接回答。");
  return lines.join("\n");
}
