"use client";

import Link from "next/link";
import { createContext, memo, use, useEffect, useSyncExternalStore } from "react";
import Markdown, { type Components, type ExtraProps, type Options } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { rehypeImagesAsLinks } from "@/components/article/images-as-links";
import { SCROLLS_SIDEWAYS } from "@/components/article/scrolls-sideways";
import { CodeBlock } from "./code-block";
import { MermaidDiagram } from "./mermaid-diagram";

// Chat answers as markdown, like the feed: GitHub-flavoured, line breaks kept, no raw HTML (react-markdown
// drops it) and its default URL check (javascript: and other unsafe links lose their href). The model's text
// is untrusted, so an answer never loads anything: images become links (images-as-links.ts).

type HastElement = NonNullable<ExtraProps["node"]>;
type HastNode = HastElement["children"][number];
type PluggableList = NonNullable<Options["rehypePlugins"]>;

const remarkPlugins: PluggableList = [remarkGfm, remarkBreaks];
const noHighlight: PluggableList = [rehypeImagesAsLinks];

// highlight.js is loaded the first time an answer contains a fenced block, never with the page.
let highlightPlugins: PluggableList | null = null;
let highlightLoading: Promise<void> | null = null;
const highlightListeners = new Set<() => void>();

function loadHighlight() {
  highlightLoading ??= import("rehype-highlight").then(
    (m) => {
      highlightPlugins = [rehypeImagesAsLinks, [m.default, { plainText: ["mermaid"] }]];
      highlightListeners.forEach((l) => l());
    },
    () => {
      highlightLoading = null; // shown unhighlighted; a later answer tries again
    },
  );
}

function useHighlightPlugins(needed: boolean): PluggableList {
  const plugins = useSyncExternalStore(
    (listener) => {
      highlightListeners.add(listener);
      return () => highlightListeners.delete(listener);
    },
    () => highlightPlugins,
    () => null,
  );
  useEffect(() => {
    if (needed) loadHighlight();
  }, [needed]);
  return plugins ?? noHighlight;
}

/** The source being rendered and whether it is final (the reply ended and is fully shown). */
const SourceContext = createContext<{ source: string; final: boolean }>({ source: "", final: true });

function textOf(node: HastNode | HastElement): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return node.children.map((c) => textOf(c as HastNode)).join("");
  return "";
}

/** Whether the fenced block at `start..end` of `source` has its closing fence (still streaming if not). */
export function fenceIsClosed(source: string, start?: number, end?: number): boolean {
  if (start === undefined || end === undefined) return true;
  const lines = source.slice(start, end).split(/\r?\n/);
  const open = /^[ \t>]*(`{3,}|~{3,})/.exec(lines[0]);
  if (!open) return true; // an indented code block ends where it ends
  if (lines.length < 2) return false;
  const fence = open[1];
  const close = lines.at(-1)!.replace(/^[ \t>]*/, "").trimEnd();
  return close.length >= fence.length && close === fence[0].repeat(close.length);
}

function Pre({ node, children }: React.ComponentProps<"pre"> & ExtraProps) {
  const { source, final } = use(SourceContext);
  const code = node?.children.find((c): c is HastElement => c.type === "element" && c.tagName === "code");
  const classes = code?.properties?.className;
  const language = Array.isArray(classes) ? classes.map(String).find((c) => c.startsWith("language-"))?.slice(9) : undefined;
  const text = code ? textOf(code).replace(/\n$/, "") : "";
  if (language === "mermaid") {
    const complete = final || fenceIsClosed(source, node?.position?.start.offset, node?.position?.end.offset);
    return <MermaidDiagram code={text} complete={complete} />;
  }
  return (
    <CodeBlock code={text}>
      <pre {...SCROLLS_SIDEWAYS.code}>{children}</pre>
    </CodeBlock>
  );
}

function Table({ children }: React.ComponentProps<"table"> & ExtraProps) {
  return <table {...SCROLLS_SIDEWAYS.table}>{children}</table>;
}

function A({ href, children }: React.ComponentProps<"a"> & ExtraProps) {
  // An unsafe link (javascript:, data: …) arrives with an empty href: show its text only.
  if (!href) return <span>{children}</span>;
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link href={href} prefetch={false}>
        {children}
      </Link>
    );
  }
  if (href.startsWith("#")) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

const components: Components = { pre: Pre, a: A, table: Table };

/**
 * An assistant answer. `final` says the text is complete: a ```mermaid block that is still open then
 * counts as finished and is drawn. If parsing fails, the raw text shows.
 */
export const ChatMarkdown = memo(function ChatMarkdown({ text, final }: { text: string; final: boolean }) {
  const rehypePlugins = useHighlightPlugins(/```|~~~/.test(text));
  let rendered: React.ReactNode;
  try {
    rendered = Markdown({ children: text, remarkPlugins, rehypePlugins, components });
  } catch {
    rendered = <p className="whitespace-pre-wrap">{text}</p>;
  }
  return (
    <SourceContext value={{ source: text, final }}>
      <div className="markdown">{rendered}</div>
    </SourceContext>
  );
});
