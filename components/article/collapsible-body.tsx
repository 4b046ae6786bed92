"use client";

import { useRef, useState } from "react";
import { api } from "@/lib/client/api";
import { useSignedIn } from "@/lib/client/session";

/**
 * An article body, collapsed by default: the expand control or a click on the text opens it, the
 * collapse control closes it. The first expansion by a signed-in reader records a read (failures are
 * only logged, SPEC section 7). `children` is what shows collapsed; `full`, when given, replaces it
 * once expanded (the card passes a short preview and the whole body).
 */
export function CollapsibleBody({ articleId, children, full }: { articleId: number; children: React.ReactNode; full?: React.ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const recorded = useRef(false);
  const signedIn = useSignedIn();

  function expand() {
    if (expanded) return;
    setExpanded(true);
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
      >
        {expanded && full ? full : children}
        {expanded ? null : <div className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-white" />}
      </div>
      <button type="button" onClick={() => (expanded ? setExpanded(false) : expand())} className="mt-1 text-sm text-brand-600 hover:underline">
        {expanded ? "收起" : "展开全文"}
      </button>
    </div>
  );
}
