// The messages sent to the model: instructions, the retrieved articles as numbered sources, then the
// conversation ending with the question.
import type { ChatTurn } from "@/lib/ai/chat";
import type { Source } from "./retrieval";

const EXCERPT_CHARS = 600;

export const SYSTEM_PROMPT = [
  "你是「拾阅」的 AI 助手。拾阅是一个中文优质文章精选网站。",
  "请用中文回答用户的问题。优先依据下面给出的站内文章；引用某篇文章时，用 Markdown 链接写出它的标题，链接地址必须是该文章给出的站内地址，例如 [文章标题](/articles/12)。",
  "只能链接下面列出的文章，不要编造链接。资料不足以回答时要如实说明，可以补充常识，但要与文章内容区分开。",
  "需要画流程图、时序图等时，可以使用 ```mermaid 代码块。",
].join("\n");

export function sourcesBlock(sources: Source[]): string {
  if (!sources.length) return "（站内没有找到相关文章。）";
  return sources
    .map((s) => {
      const excerpt = s.text.length > EXCERPT_CHARS ? `${s.text.slice(0, EXCERPT_CHARS)}…` : s.text;
      return [`[${s.n}] ${s.title}`, `地址：${s.url}`, s.summary ? `摘要：${s.summary}` : null, `正文节选：${excerpt}`].filter(Boolean).join("\n");
    })
    .join("\n\n");
}

export function chatMessages(turns: ChatTurn[], sources: Source[]): ChatTurn[] {
  return [{ role: "system", content: `${SYSTEM_PROMPT}\n\n站内文章：\n\n${sourcesBlock(sources)}` }, ...turns];
}
