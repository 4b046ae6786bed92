import Markdown from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";

const remarkPlugins = [remarkGfm, remarkBreaks];
// Highlighting only where there is fenced code: setting up highlight.js for every card of the feed
// (registering its grammars) cost as much as parsing the markdown itself.
const withHighlight = [rehypeHighlight];
const plain: typeof withHighlight = [];
const components = {
  a: ({ href, children }: { href?: string; children?: React.ReactNode }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

/**
 * Article markdown: GitHub-flavoured, line breaks kept, code highlighted (unless `highlight` is false). Raw HTML is never rendered
 * (react-markdown drops it) and unsafe link protocols are removed; if parsing fails, the raw text shows.
 */
export function ArticleMarkdown({ text, className = "", highlight = true }: { text: string; className?: string; highlight?: boolean }) {
  let rendered: React.ReactNode;
  try {
    const rehypePlugins = highlight && /```|~~~/.test(text) ? withHighlight : plain;
    rendered = Markdown({ children: text, remarkPlugins, rehypePlugins, components });
  } catch {
    rendered = <p className="whitespace-pre-wrap">{text}</p>;
  }
  return <div className={`markdown ${className}`}>{rendered}</div>;
}
