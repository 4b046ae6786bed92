"use client";

import { useEffect, useRef } from "react";
import { api } from "@/lib/client/api";
import { useSignedIn } from "@/lib/client/session";

/**
 * A signed-in reader who opens an article's page has read it: one reading recorded (浏览历史, and 已读 in
 * 今日精选), as expanding its card records one. The page is the same for everyone (visitors get a kept copy), so
 * the browser decides; failures are only logged. Anyone's opening also keeps the article on this device for
 * reading offline (lib/offline/sync.ts, loaded when the page is idle). Renders nothing.
 */
export function RecordRead({ articleId }: { articleId: number }) {
  const signedIn = useSignedIn();
  const recorded = useRef(false);
  useEffect(() => {
    if (!signedIn || recorded.current) return;
    recorded.current = true;
    api("/user-read-history/record", { json: { article_id: articleId } }).catch((err) => console.warn("记录阅读历史失败", err));
  }, [signedIn, articleId]);
  useEffect(() => keepOffline(articleId), [articleId]);
  return null;
}

/** Keeps the article on this device's offline shelf once the page is idle; the module loads only then. */
export function keepOffline(articleId: number): () => void {
  let cancelled = false;
  const keep = () => {
    if (!cancelled) void import("@/lib/offline/sync").then((m) => m.keepOpened(articleId)).catch((err) => console.warn("离线保存失败", err));
  };
  if ("requestIdleCallback" in window) requestIdleCallback(keep, { timeout: 2000 });
  else setTimeout(keep, 100);
  return () => {
    cancelled = true;
  };
}
