// Positions in a timed summary, made useful: each `mm:ss` a summary cites (`[12:34]`, `（12:34）`, a scene's
// `（00:00–01:30）`) links to the source at that time where the platform takes a start time in its links
// (Bilibili `?t=`, YouTube `&t=`); elsewhere it stays text. And the transcript as files: SubRip (.srt) and
// Markdown. Pure: shared by the server and the result screen.

export type TimedLine = { start: number; end: number; text: string };

const two = (n: number) => String(n).padStart(2, "0");

/** Seconds of `h:mm:ss` or `mm:ss`, or null when a part is out of range. */
export function parseClock(clock: string): number | null {
  const parts = clock.split(":").map(Number);
  if (parts.some((p) => !Number.isInteger(p)) || parts.slice(1).some((p) => p > 59)) return null;
  return parts.reduce((total, p) => total * 60 + p, 0);
}

/** The source link at `seconds`, for platforms whose links take a start time; else null. */
export function linkAt(sourceUrl: string | null | undefined, seconds: number): string | null {
  if (!sourceUrl) return null;
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, "");
  if (host === "bilibili.com" && url.pathname.startsWith("/video/")) {
    const p = url.searchParams.get("p");
    return `https://www.bilibili.com${url.pathname.replace(/\/$/, "")}/?${p ? `p=${p}&` : ""}t=${seconds}`;
  }
  const youtubeId =
    host === "youtube.com" || host === "music.youtube.com"
      ? (url.searchParams.get("v") ?? /^\/(?:shorts|embed|live)\/([\w-]{11})/.exec(url.pathname)?.[1])
      : host === "youtu.be"
        ? url.pathname.slice(1, 12)
        : null;
  return youtubeId ? `https://www.youtube.com/watch?v=${youtubeId}&t=${seconds}s` : null;
}

// A clock inside brackets or parentheses of either width, or each end of a range inside them; never one
// that is already a link's text, or inside code.
const CLOCK = /(\d{1,2}:\d{2}(?::\d{2})?)/;
const CITED = new RegExp(`(?<![\\]\\\\])([\\[（(])${CLOCK.source}(?:\\s*([–~\\-—至])\\s*${CLOCK.source})?([\\]）)])(?!\\()`, "g");

/** `markdown` with every cited position linked to the source at that time (when the source takes one). */
export function linkTimestamps(markdown: string, sourceUrl: string | null | undefined): string {
  if (!linkAt(sourceUrl, 0)) return markdown;
  const link = (clock: string) => {
    const seconds = parseClock(clock);
    const href = seconds === null ? null : linkAt(sourceUrl, seconds);
    return href ? `[${clock}](${href})` : clock;
  };
  let inFence = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      if (inFence) return line;
      // Inline code spans are left alone: only the text between them is rewritten.
      return line
        .split(/(`[^`]*`)/)
        .map((part, i) =>
          i % 2 ? part : part.replace(CITED, (_m, open: string, from: string, dash: string | undefined, to: string | undefined, close: string) => {
            // A `[mm:ss]` cue becomes the link itself; other brackets stay around it.
            const body = dash && to ? `${link(from)}${dash}${link(to)}` : link(from);
            return open === "[" && close === "]" ? body : `${open}${body}${close}`;
          }),
        )
        .join("");
    })
    .join("\n");
}

/** `h:mm:ss,mmm`, SubRip's time. */
function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  return `${two(Math.floor(ms / 3_600_000))}:${two(Math.floor(ms / 60_000) % 60)}:${two(Math.floor(ms / 1000) % 60)},${String(ms % 1000).padStart(3, "0")}`;
}

/** The transcript as SubRip: numbered cues, each at least shown until the next one starts. */
export function toSrt(lines: TimedLine[]): string {
  return lines
    .map((line, i) => {
      const end = line.end > line.start ? line.end : (lines[i + 1]?.start ?? line.start + 2);
      return `${i + 1}\n${srtTime(line.start)} --> ${srtTime(end)}\n${line.text}\n`;
    })
    .join("\n");
}

/** `mm:ss`, or `hh:mm:ss` when the recording runs past an hour. */
export const formatClock = (seconds: number, hours: boolean) => {
  const s = Math.max(0, Math.floor(seconds));
  return hours ? `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
};

/** The summary and, when there is one, the transcript under it, as one Markdown file. */
export function toMarkdownFile({ title, content, sourceUrl, transcript }: { title: string; content: string; sourceUrl?: string | null; transcript?: TimedLine[] }): string {
  const out = [`# ${title}`, ""];
  if (sourceUrl) out.push(`来源：${sourceUrl}`, "");
  out.push(content.trim(), "");
  if (transcript?.length) {
    const hours = transcript.some((l) => l.start >= 3600);
    out.push("## 完整转写稿", "", ...transcript.map((l) => `- [${formatClock(l.start, hours)}] ${l.text}`), "");
  }
  return out.join("\n");
}
