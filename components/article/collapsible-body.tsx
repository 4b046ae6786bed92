"use client";

import { useRef, useState } from "react";
import { loadFullBody } from "@/lib/articles/full-body";
import { api } from "@/lib/client/api";
import { useSignedIn } from "@/lib/client/session";
import { keepOffline } from "./record-read";

type Full = { state: "idle" | "loading" | "failed" | "gone" } | { state: "ready"; node: React.ReactNode };

/**
 * An article body, collapsed by default: the expand control or a click on the text opens it, the
 * collapse control closes it. The first expansion by a signed-in reader records a read (failures are
 * only logged, SPEC section 7). `children` is what shows collapsed (server-rendered); when `more` is set it
 * is only the first blocks, and the whole body is fetched from the server on the first expansion.
 */
export function CollapsibleBody({ articleId, children, more = false }: { articleId: number; children: React.ReactNode; more?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const [full, setFull] = useState<Full>({ state: "idle" });
  const recorded = useRef(false);
  const kept = useRef(false);
  const signedIn = useSignedIn();

  async function loadFull() {
    setFull({ state: "loading" });
    try {
      const node = await loadFullBody(articleId);
      setFull(node ? { state: "ready", node } : { state: "gone" });
    } catch (err) {
      console.warn("加载全文失败", err);
      setFull({ state: "failed" });
    }
  }

  function expand() {
    if (expanded) return;
    setExpanded(true);
    if (more && (full.state === "idle" || full.state === "failed")) void loadFull();
    if (!kept.current) {
      kept.current = true;
      keepOffline(articleId);
    }
    if (signedIn && !recorded.current) {
      recorded.current = true;
      api("/user-read-history/record", { json: { article_id: articleId } }).catch((err) => console.warn("记录阅读历史失败", err));
    }
  }

  return (
    <div className="mt-2">
      <div
        onClick={expand}
        className={expanded ? "" : "relative max-h-28 cursor-pointer overflow-hidden"}
        data-expanded={expanded}
        data-testid="article-body"
        aria-busy={expanded && full.state === "loading"}
      >
        {expanded && full.state === "ready" ? full.node : children}
        {expanded ? null : <div className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-white" />}
      </div>
      {expanded && full.state === "loading" ? <p className="mt-1 text-sm text-slate-500">正在加载全文…</p> : null}
      {expanded && full.state === "failed" ? (
        <button type="button" onClick={() => void loadFull()} className="mt-1 block text-sm text-red-600 hover:underline">
          全文加载失败，点此重试
        </button>
      ) : null}
      {expanded && full.state === "gone" ? <p className="mt-1 text-sm text-slate-500">这篇文章已下线，无法显示全文</p> : null}
      <button type="button" onClick={() => (expanded ? setExpanded(false) : expand())} className="mt-1 text-sm text-brand-600 hover:underline">
        {expanded ? "收起" : "展开全文"}
      </button>
    </div>
  );
}
