import "server-only";
// Summaries with the configured model: one Chinese prompt per method. Long texts are summarised in chunks
// whose partial notes are then merged by the same method's prompt — nothing is silently cut off.
import { completeChat } from "@/lib/ai/chat";
import type { SummaryMethod } from "@/lib/db/schema";

/** Characters per chunk sent to the model (about 6,000 tokens of Chinese). */
export const CHUNK_CHARS = 6000;

const INSTRUCTIONS: Record<SummaryMethod, string> = {
  quick: "请写一份速览：先用两三句话概括全文，再列出 5 条以内的要点（Markdown 列表）。",
  detailed:
    "请写一份详细总结：按原文的结构分成若干小节（每节用 ### 标题），忠实转述每节的主要内容、论据和例子，不要添加原文没有的观点。",
  knowledge:
    "请整理知识点：先给出 8–12 个关键词（用、分隔），再列出编号的知识点，每个知识点包含一句定义或结论和一两句解释，关键术语加粗。",
  storyboard:
    "请写成分镜脚本：把内容分成 4–8 个场景，每个场景用 ### 场景 N 标题（原文带时间戳时在标题里写出时间范围，如 03:10–05:42），下面用列表写 2–4 个镜头，描述画面与要点。",
};

const SYSTEM = "你是一名严谨的中文编辑，擅长为长文、视频字幕和播客转写稿写总结。只依据提供的内容，用简体中文和 Markdown 输出，不要输出与总结无关的话。";

/** Splits text at paragraph (then sentence) boundaries into chunks of at most `size` characters. */
export function chunkText(text: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current = "";
  const pieces = text.split(/(?<=\n)|(?<=[。！？!?])/);
  for (const piece of pieces) {
    if (current.length + piece.length > size && current) {
      chunks.push(current);
      current = "";
    }
    if (piece.length > size) {
      for (let i = 0; i < piece.length; i += size) chunks.push(piece.slice(i, i + size));
      continue;
    }
    current += piece;
  }
  if (current.trim()) chunks.push(current);
  return chunks;
}

/** Show notes beyond this many characters are cut: they are background, the transcript is the content. */
const CONTEXT_MAX_CHARS = 2_000;

export async function summarizeWithModel({
  title,
  text,
  method,
  context,
  signal,
  onChunk,
}: {
  title: string;
  text: string;
  method: SummaryMethod;
  /** What the source says about itself (a podcast episode's show notes): background, not content. */
  context?: string | null;
  signal?: AbortSignal;
  onChunk?: (done: number, total: number) => Promise<void> | void;
}): Promise<string> {
  const ask = (content: string) =>
    completeChat({ messages: [{ role: "system", content: SYSTEM }, { role: "user", content }], signal, temperature: 0.3 });
  const chunks = chunkText(text);
  // A timed transcript: every point says where it is, so the result screen can link it to the video there.
  const timed = /^\[\d{2}:\d{2}(?::\d{2})?\] /m.test(text) ? "\n内容带有 [mm:ss] 时间戳：每个要点、知识点或小节末尾用 [mm:ss] 标出它在原视频或音频中开始的位置。" : "";
  const about = context?.trim() ? `\n\n节目简介（仅作背景，总结以内容为准）：\n${context.trim().slice(0, CONTEXT_MAX_CHARS)}` : "";
  if (chunks.length <= 1) return ask(`${INSTRUCTIONS[method]}${timed}\n\n标题：${title}${about}\n\n内容：\n${text}`);
  const notes: string[] = [];
  for (let i = 0; i < chunks.length; i++) {
    notes.push(await ask(`下面是《${title}》的第 ${i + 1}/${chunks.length} 部分。请提炼这一部分的要点，保留时间戳、数据和关键术语，用 Markdown 列表输出。\n\n${chunks[i]}`));
    await onChunk?.(i + 1, chunks.length + 1);
  }
  const merged = await ask(`${INSTRUCTIONS[method]}${timed}\n\n标题：${title}${about}\n\n以下是全文按顺序分段提炼的要点，请据此写出完整的总结：\n\n${notes.map((n, i) => `【第 ${i + 1} 部分】\n${n}`).join("\n\n")}`);
  await onChunk?.(chunks.length + 1, chunks.length + 1);
  return merged;
}
