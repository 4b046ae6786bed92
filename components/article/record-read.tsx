"use client";

import { useEffect, useRef } from "react";
import { api } from "@/lib/client/api";
import { useSignedIn } from "@/lib/client/session";

/**
 * A signed-in reader who opens an article's page has read it: one reading recorded (浏览历史, and 已读 in
 * 今日精选), as expanding its card records one. The page is the same for everyone (visitors get a kept copy), so
 * the browser decides; failures are only logged. Renders nothing.
 */
export function RecordRead({ articleId }: { articleId: number }) {
  const signedIn = useSignedIn();
  const recorded = useRef(false);
  useEffect(() => {
    if (!signedIn || recorded.current) return;
    recorded.current = true;
    api("/user-read-history/record", { json: { article_id: articleId } }).catch((err) => console.warn("记录阅读历史失败", err));
  }, [signedIn, articleId]);
  return null;
}
