// Subtitle files (WebVTT, SubRip) as timed cues, and cues as timestamped text for the summarizer.
export type Cue = { start: number; end: number; text: string };

// [hh:]mm:ss.mmm (VTT, hours optional) or hh:mm:ss,mmm (SRT); a comma or a dot before the milliseconds.
const TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?`;
const TIMING = new RegExp(`^\\s*${TIME}\\s*-->\\s*${TIME}`);

const ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", lrm: "", rlm: "",
};

function seconds(h: string | undefined, m: string, s: string, ms: string | undefined): number {
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + (ms ? Number(ms.padEnd(3, "0")) / 1000 : 0);
}

function cueText(lines: string[]): string {
  return lines
    .map((line) =>
      line
        .replace(/<[^>]*>/g, "")
        .replace(/\{\\[^}]*\}/g, "") // SSA-style overrides ({\an8}) some SRT files carry
        .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
          if (name[0] === "#") {
            const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
            return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
          }
          return ENTITIES[name.toLowerCase()] ?? whole;
        })
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .join(" ");
}

function parseCues(input: string): Cue[] {
  const lines = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const cues: Cue[] = [];
  let i = 0;
  while (i < lines.length) {
    const timing = lines[i].match(TIMING);
    if (!timing) {
      i++;
      continue;
    }
    const start = seconds(timing[1], timing[2], timing[3], timing[4]);
    const end = seconds(timing[5], timing[6], timing[7], timing[8]);
    const body: string[] = [];
    i++;
    // The cue's text runs to a blank line (or, in a file missing one, to the next timing line).
    while (i < lines.length && lines[i].trim() !== "" && !TIMING.test(lines[i])) body.push(lines[i++]);
    // An SRT number or VTT id right before the next timing line is not text.
    if (i < lines.length && TIMING.test(lines[i]) && body.length > 1 && /^\d+$/.test(body[body.length - 1].trim())) {
      body.pop();
    }
    const text = cueText(body);
    if (!text || end < start) continue;
    const previous = cues[cues.length - 1];
    // Rolling captions repeat a line across cues: one cue spanning both.
    if (previous && previous.text === text && start - previous.end < 0.5) previous.end = Math.max(previous.end, end);
    else cues.push({ start, end, text });
  }
  return cues;
}

/** WebVTT cues. Header, NOTE, STYLE and REGION blocks, cue ids and cue settings are skipped; tags stripped. */
export function parseVtt(text: string): Cue[] {
  return parseCues(text);
}

/** SubRip cues. Cue numbers and coordinates after the timing are skipped; tags stripped. */
export function parseSrt(text: string): Cue[] {
  return parseCues(text);
}

/** Either format, told apart by the WEBVTT header. */
export function parseSubtitles(text: string): Cue[] {
  return parseCues(text);
}

/** 75 → "01:15"; 3723 → "01:02:03". */
export function formatTimestamp(totalSeconds: number, withHours = totalSeconds >= 3600): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return withHours ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m + h * 60)}:${two(s)}`;
}

/** One line per cue: `[mm:ss] text` (`[hh:mm:ss]` from the first hour on). */
export function cuesToText(cues: Cue[]): string {
  return cues.map((cue) => `[${formatTimestamp(cue.start)}] ${cue.text}`).join("\n");
}
