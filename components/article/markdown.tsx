import Markdown, { type Options } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { createLru } from "@/lib/server/lru";
import { rehypeImagesAsLinks } from "./images-as-links";
import { MARKDOWN_ELEMENTS } from "./markdown-elements";

const remarkPlugins = [remarkGfm, remarkBreaks];
// Highlighting only where there is fenced code: setting up highlight.js for every card of the feed
// (registering its grammars) cost as much as parsing the markdown itself. Model-written text (`untrusted`)
// shows its images as links: it never makes the reader's browser load anything.
type Plugins = NonNullable<Options["rehypePlugins"]>;
const PLUGINS: Record<"plain" | "highlight", Record<"trusted" | "untrusted", Plugins>> = {
  plain: { trusted: [], untrusted: [rehypeImagesAsLinks] },
  highlight: { trusted: [rehypeHighlight], untrusted: [rehypeImagesAsLinks, rehypeHighlight] },
};
const components = MARKDOWN_ELEMENTS;

// On the server the same bodies are rendered for request after request (every signed-in reader's feed is
// rendered per request, mostly from the same hot articles; a permalink renders again when its counters
// move): the element tree of a body depends only on its text, so it is kept (React elements are immutable)
// and a body is parsed once, not once per page. Bounded: the most recently used bodies, about 16 MB.
const MAX_BODIES = 2_000;
const MAX_BYTES = 16 * 1024 * 1024;
type Kept = { node: React.ReactNode; bytes: number };
const kept = typeof window === "undefined" ? createLru<string, Kept>({ maxEntries: MAX_BODIES, maxBytes: MAX_BYTES, sizeOf: (k) => k.bytes }) : null;

function renderMarkdown(text: string, highlight: boolean, untrusted: boolean): React.ReactNode {
  const mode = highlight && /```|~~~/.test(text) ? "highlight" : "plain";
  const rehypePlugins = PLUGINS[mode][untrusted ? "untrusted" : "trusted"];
  if (!kept) return Markdown({ children: text, remarkPlugins, rehypePlugins, components });
  const key = `${mode[0]}${untrusted ? "u" : "t"}${text}`;
  const found = kept.get(key);
  if (found) return found.node;
  const node = Markdown({ children: text, remarkPlugins, rehypePlugins, components });
  // The key's characters plus the elements: 15 bytes per character of text on the bench's bodies.
  kept.set(key, { node, bytes: 2 * key.length + 15 * text.length });
  return node;
}

/**
 * Article markdown: GitHub-flavoured, line breaks kept, code highlighted (unless `highlight` is false). Raw HTML is never rendered
 * (react-markdown drops it) and unsafe link protocols are removed; if parsing fails, the raw text shows.
 * `untrusted` (text a model wrote, e.g. a link summary): images are shown as links, never loaded.
 */
export function ArticleMarkdown({
  text,
  className = "",
  highlight = true,
  untrusted = false,
}: {
  text: string;
  className?: string;
  highlight?: boolean;
  untrusted?: boolean;
}) {
  let rendered: React.ReactNode;
  try {
    rendered = renderMarkdown(text, highlight, untrusted);
  } catch {
    rendered = <p className="whitespace-pre-wrap">{text}</p>;
  }
  return <div className={`markdown ${className}`}>{rendered}</div>;
}
