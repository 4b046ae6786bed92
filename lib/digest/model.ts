import "server-only";
// The model's digest (AI_CHAT_MODEL through the one OpenAI-compatible client): one call, the candidates'
// ids, titles, platforms and summaries in, JSON sections out. Its answer is parsed and held to the digest's
// shape (shape.ts checkCitations): a citation of an article it was not given is removed, a point left without
// one is dropped. An answer that is not the JSON asked for, or that keeps nothing, is a DigestFormatError: the
// caller writes the local engine's digest instead.
import { z } from "zod";
import { completeChat, type ChatTurn } from "@/lib/ai/chat";
import type { DigestSection } from "@/lib/db/schema";
import type { Candidate } from "./candidates";
import { MAX_CHARS, POINTS, SECTIONS } from "./constants";
import { checkCitations } from "./shape";

/** The summary handed to the model per article, at most. */
const SUMMARY_CHARS = 160;

export class DigestFormatError extends Error {
  constructor(detail: string) {
    super(`模型的回答不是要求的格式：${detail}`);
    this.name = "DigestFormatError";
  }
}

const answerSchema = z.object({
  sections: z
    .array(
      z.object({
        title: z.string(),
        points: z.array(z.object({ text: z.string(), article_ids: z.array(z.coerce.number().int()) })),
      }),
    )
    .min(1),
});

/** The messages asking for a digest of `candidates` (`interests`: the reader's, strongest first; none for the site's). */
export function digestPrompt(candidates: Candidate[], interests: string[]): ChatTurn[] {
  const list = candidates
    .map((c) => `[${c.id}] ${c.title}${c.platform ? `（${c.platform}）` : ""}${c.summary ? `\n摘要：${[...c.summary].slice(0, SUMMARY_CHARS).join("")}` : ""}`)
    .join("\n");
  const system = [
    "你是「拾阅」的编辑，为读者写今日精选：从给出的文章里挑出值得读的，按主题分组，写成简短的要点。",
    `要求：${SECTIONS.min}–${SECTIONS.max} 个主题，每个主题一个不超过 8 个字的小标题和 ${POINTS.min}–${POINTS.max} 个要点；每个要点一句话，说清这篇文章讲了什么、为什么值得读；全文不超过 ${MAX_CHARS} 字。`,
    "每个要点必须在 article_ids 里写出它依据的文章编号（方括号里的数字），只能用下面给出的编号，不要编造文章或内容。",
    '只输出 JSON，不要其他文字：{"sections":[{"title":"小标题","points":[{"text":"要点","article_ids":[编号]}]}]}',
  ].join("\n");
  const user = `${interests.length ? `读者关注：${interests.join("、")}（优先写这些主题）\n\n` : ""}文章：\n${list}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

/** The JSON object in a model's answer (a ```json fence or prose around it is tolerated). */
export function parseAnswer(answer: string): DigestSection[] {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start < 0 || end < start) throw new DigestFormatError("没有 JSON");
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw new DigestFormatError("JSON 无法解析");
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new DigestFormatError("缺少 sections、title、points 或 article_ids");
  return parsed.data.sections;
}

/** The model's digest of `candidates`, checked. Provider errors are thrown as they come (the caller retries). */
export async function writeWithModel(candidates: Candidate[], interests: string[], signal?: AbortSignal): Promise<DigestSection[]> {
  const answer = await completeChat({ messages: digestPrompt(candidates, interests), signal, temperature: 0.3 });
  const sections = checkCitations(parseAnswer(answer), new Set(candidates.map((c) => c.id)));
  if (!sections.length) throw new DigestFormatError("没有一个要点引用了给出的文章");
  return sections;
}
