"use client";

import { useEffect, useState } from "react";
import { useColorScheme } from "@/hooks/use-color-scheme";
import type { ColorScheme } from "@/lib/theme/constants";
import { CodeBlock } from "./code-block";
import { diagramMayFetch, drawingMayFetch } from "./mermaid-resources";

// The diagram renderer's defaults (SPEC section 9). Errors are never drawn into the page by mermaid
// itself (suppressErrorRendering): a block that does not parse is shown as its source instead.
export const MERMAID_MAX_TEXT = 50_000;
export const MERMAID_CONFIG = {
  startOnLoad: false,
  maxTextSize: MERMAID_MAX_TEXT,
  maxEdges: 500,
  theme: "default",
  securityLevel: "strict",
  fontSize: 16,
  suppressErrorRendering: true,
} as const;

type Mermaid = (typeof import("mermaid"))["default"];
/** `external`: not drawn because the diagram names something outside the page (mermaid-resources.ts). */
export type MermaidResult = { ok: true; svg: string } | { ok: false; error: string; external?: true };

const EXTERNAL: MermaidResult = { ok: false, error: "external resource", external: true };

/** mermaid's theme for the page's colour scheme (its colours are drawn into the SVG). */
const MERMAID_THEMES = { light: "default", dark: "dark" } as const satisfies Record<ColorScheme, string>;

let loading: Promise<Mermaid> | null = null;
let initialisedFor: ColorScheme | null = null;
let queue: Promise<unknown> = Promise.resolve();
let sequence = 0;
const CACHE_LIMIT = 50;
const pending = new Map<string, Promise<MermaidResult>>();
const settled = new Map<string, MermaidResult>();

/** Loads mermaid on first use (never part of the page's first load). */
function loadMermaid(): Promise<Mermaid> {
  loading ??= import("mermaid").then(
    (m) => m.default,
    (err: unknown) => {
      loading = null; // a failed chunk load may succeed later
      throw err;
    },
  );
  return loading;
}

async function draw(code: string, scheme: ColorScheme): Promise<MermaidResult> {
  if (diagramMayFetch(code)) return EXTERNAL;
  const id = `shiyue-mermaid-${++sequence}`;
  try {
    const mermaid = await loadMermaid();
    if (initialisedFor !== scheme) {
      mermaid.initialize({ ...MERMAID_CONFIG, theme: MERMAID_THEMES[scheme] });
      initialisedFor = scheme;
    }
    // Over the size limit mermaid itself draws its "Maximum text size in diagram exceeded" diagram
    // (SPEC section 8), so such text goes straight to render; anything else must parse first.
    if (code.length <= MERMAID_MAX_TEXT) await mermaid.parse(code);
    const { svg } = await mermaid.render(id, code);
    return drawingMayFetch(svg) ? EXTERNAL : { ok: true, svg };
  } catch (err) {
    // mermaid renders in a temporary element of <body>; make sure a failure leaves nothing behind.
    for (const leftover of [id, `d${id}`, `i${id}`]) document.getElementById(leftover)?.remove();
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

const cacheKey = (code: string, scheme: ColorScheme) => `${scheme}\n${code}`;

/**
 * Renders a diagram's text once per colour scheme: results are memoised by scheme and text (the last 50
 * kept). Renders run one at a time, so each is drawn with the theme it was initialised with.
 */
export function renderMermaid(code: string, scheme: ColorScheme = "light"): Promise<MermaidResult> {
  const key = cacheKey(code, scheme);
  let job = pending.get(key);
  if (!job) {
    job = queue.then(() => draw(code, scheme));
    queue = job;
    pending.set(key, job);
    void job.then((result) => {
      settled.set(key, result);
      if (settled.size > CACHE_LIMIT) {
        const oldest = settled.keys().next().value as string;
        settled.delete(oldest);
        pending.delete(oldest);
      }
    });
  }
  return job;
}

/**
 * A ```mermaid block: drawn once its text is complete (the block is closed or the reply has ended),
 * shown as source while it streams in, and as source with a note when it does not parse.
 */
export function MermaidDiagram({ code, complete }: { code: string; complete: boolean }) {
  const [drawn, setDrawn] = useState<{ code: string; key: string; result: MermaidResult } | null>(null);
  // Drawn again in the other theme when the page's scheme changes (the previous drawing stays until then).
  const scheme = useColorScheme();
  const key = scheme ? cacheKey(code, scheme) : null;

  useEffect(() => {
    if (!complete || !scheme || !key || settled.has(key)) return;
    let live = true;
    void renderMermaid(code, scheme).then((result) => {
      if (live) setDrawn({ code, key, result });
    });
    return () => {
      live = false;
    };
  }, [code, complete, scheme, key]);

  const current = key ? (settled.get(key) ?? (drawn?.key === key ? drawn.result : null)) : null;
  const result = complete ? (current ?? (drawn?.code === code ? drawn.result : null)) : null;

  if (result?.ok) {
    return (
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3 [&_svg]:mx-auto [&_svg]:h-auto"
        data-testid="mermaid-diagram"
        role="img"
        aria-label="图表"
        dangerouslySetInnerHTML={{ __html: result.svg }}
      />
    );
  }
  return (
    <div data-testid={result ? "mermaid-source" : "mermaid-pending"}>
      <p className="mb-1 text-xs text-slate-500">
        {result ? (!result.ok && result.external ? "图表引用了外部资源，未绘制，以下是图表源码" : "图表无法解析，以下是图表源码") : complete ? "正在绘制图表…" : "图表生成中…"}
      </p>
      <CodeBlock code={code}>
        <pre>
          <code className="language-mermaid">{code}</code>
        </pre>
      </CodeBlock>
    </div>
  );
}
