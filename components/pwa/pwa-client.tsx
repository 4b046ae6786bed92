"use client";

import { useEffect } from "react";

/**
 * The installable app's page side (issue 45), mounted once by the root layout. Only this much weighs on the first
 * screen: after the page has loaded and gone idle it loads components/pwa/pwa-runtime.ts, which registers the
 * service worker, shows the update prompt and the 离线 bar (in this element) and keeps the offline shelf in sync.
 */
export function PwaClient() {
  useEffect(() => {
    let cancelled = false;
    const start = () => {
      if (!cancelled) void import("./pwa-runtime").then((m) => !cancelled && m.startPwa(document.getElementById("pwa-bar")!));
    };
    const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 200));
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
    return () => {
      cancelled = true;
    };
  }, []);
  return <div id="pwa-bar" className="sticky top-14 z-20" />;
}
