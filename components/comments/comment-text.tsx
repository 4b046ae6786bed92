// A comment's text as readers typed it: plain text with its line breaks, http(s) links as links that pass no
// ranking and no opener (rel="ugc nofollow noopener"); never HTML, never an image. React escapes everything else.
import { Fragment } from "react";

/** Links end at whitespace and at the punctuation a sentence puts after them (，。！？、）】」 etc.). */
const LINK = /https?:\/\/[^\s<>"'（）()【】「」《》，。！？、；：]+/g;

export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK)) {
    const url = m[0].replace(/[.,;:!?]+$/, "");
    if (m.index! > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: url, href: url });
    at = m.index! + url.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export function CommentText({ text }: { text: string }) {
  return (
    <p className="mt-1 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-slate-800" data-testid="comment-text">
      {splitLinks(text).map((p, i) =>
        p.href ? (
          <a key={i} href={p.href} target="_blank" rel="ugc nofollow noopener noreferrer" className="text-brand-600 underline-offset-2 hover:underline">
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </p>
  );
}

const PARTS = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Shanghai", year: "numeric", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

function chinaParts(at: Date): Record<string, string> {
  return Object.fromEntries(PARTS.formatToParts(at).map((p) => [p.type, p.value]));
}

/** When a comment was written, in China time: 11月29日 10:40, with the year when it is not this year's. */
export function commentTime(iso: string, now = new Date()): string {
  const p = chinaParts(new Date(iso));
  const year = p.year === chinaParts(now).year ? "" : `${p.year}年`;
  return `${year}${p.month}月${p.day}日 ${p.hour}:${p.minute}`;
}
