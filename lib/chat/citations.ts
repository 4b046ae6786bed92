// Citations in a streamed answer: a markdown link to an article that was not in the model's context is
// replaced by its text. Text that may still become a link ("[标题](/arti…") is held back until it is
// complete or clearly not a link, so nothing unchecked is ever sent.
const LINK = /\[([^[\]\n]*)\]\(([^()\s]*)\)/g;
/** A suffix that could still grow into a link. */
const PARTIAL = /\[[^[\]\n]*(?:\](?:\([^()\s]*)?)?$/;
const MAX_HELD = 500;

export function articleIdOf(url: string): number | null {
  const m = /^(?:https?:\/\/[^/\s]+)?\/articles\/(\d{1,9})\/?(?:[?#].*)?$/.exec(url);
  return m ? Number(m[1]) : null;
}

export class CitationFilter {
  private held = "";
  constructor(private readonly allowed: Set<number>) {}

  private check(text: string): string {
    return text.replace(LINK, (link, label: string, url: string) => {
      const id = articleIdOf(url);
      return id === null || this.allowed.has(id) ? link : label;
    });
  }

  /** Adds streamed text; returns what is safe to send now. */
  push(text: string): string {
    const all = this.check(this.held + text);
    const partial = PARTIAL.exec(all);
    if (partial && all.length - partial.index <= MAX_HELD) {
      this.held = all.slice(partial.index);
      return all.slice(0, partial.index);
    }
    this.held = "";
    return all;
  }

  /** The rest at the end of the stream. */
  end(): string {
    const rest = this.check(this.held);
    this.held = "";
    return rest;
  }
}
