"use client";

import { Suspense, lazy, useSyncExternalStore } from "react";

// A chunk of its own, fetched only when a search found nothing: the panel's markdown code (and, later and
// only when an answer needs them, highlight.js and mermaid) stay out of the home page's first load.
// React.lazy rather than next/dynamic, whose loader code would otherwise ship with every home page.
const ChatPanel = lazy(() =>
  import("./chat-panel").then(
    (m) => ({ default: m.ChatPanel }),
    () => ({ default: () => <p className="p-6 text-center text-sm text-slate-500">AI 助手加载失败，请刷新页面重试</p> }),
  ),
);

const noSubscribe = () => () => {};

/**
 * The chat panel, rendered in the browser only (its conversation is kept in sessionStorage); `children`
 * (the skeleton) shows until then.
 */
export function ChatPanelLoader({ initialQuestion, children }: { initialQuestion?: string; children: React.ReactNode }) {
  const inBrowser = useSyncExternalStore(noSubscribe, () => true, () => false);
  return inBrowser ? (
    <Suspense fallback={children}>
      <ChatPanel initialQuestion={initialQuestion} />
    </Suspense>
  ) : (
    children
  );
}
