"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { PULL_DAMPING, PULL_MAX, PULL_MIN_DISPLAY_MS, PULL_THRESHOLD } from "@/lib/articles/constants";

type Phase = "idle" | "pulling" | "ready" | "refreshing";
const TEXT: Record<Exclude<Phase, "idle">, string> = { pulling: "下拉刷新", ready: "释放刷新", refreshing: "正在刷新…" };

/**
 * Pull-to-refresh at the top of the page, by touch or mouse drag (SPEC section 2): the distance is half
 * the drag, at most 100; releasing at 60 or more refreshes (back to page 1, articles fetched again), and
 * the indicator stays at least 1 s.
 */
export function PullToRefresh({ children, href }: { children: React.ReactNode; href: string }) {
  const router = useRouter();
  const [distance, setDistance] = useState(0);
  const [phase, setPhase] = useState<Phase>("idle");
  const [, startTransition] = useTransition();
  const start = useRef<number | null>(null);

  const begin = (y: number) => {
    if (phase === "refreshing" || window.scrollY > 0) return;
    start.current = y;
  };
  const move = (y: number) => {
    if (start.current === null) return;
    const d = Math.min(Math.max(0, (y - start.current) * PULL_DAMPING), PULL_MAX);
    setDistance(d);
    setPhase(d === 0 ? "idle" : d >= PULL_THRESHOLD ? "ready" : "pulling");
  };
  const end = async () => {
    if (start.current === null) return;
    start.current = null;
    if (distance < PULL_THRESHOLD) {
      setDistance(0);
      setPhase("idle");
      return;
    }
    setPhase("refreshing");
    setDistance(PULL_THRESHOLD);
    const shown = Date.now();
    startTransition(() => {
      router.push(href);
      router.refresh();
    });
    await new Promise((r) => setTimeout(r, Math.max(0, PULL_MIN_DISPLAY_MS - (Date.now() - shown))));
    setDistance(0);
    setPhase("idle");
  };

  return (
    <div
      onTouchStart={(e) => begin(e.touches[0].clientY)}
      onTouchMove={(e) => move(e.touches[0].clientY)}
      onTouchEnd={end}
      onMouseDown={(e) => e.button === 0 && begin(e.clientY)}
      onMouseMove={(e) => start.current !== null && move(e.clientY)}
      onMouseUp={end}
      onMouseLeave={end}
    >
      <div
        className="flex items-end justify-center overflow-hidden text-sm text-slate-500 transition-[height] duration-150"
        style={{ height: distance }}
        role="status"
        aria-live="polite"
        data-testid="pull-indicator"
      >
        {phase === "idle" ? null : <span className="pb-2">{TEXT[phase]}</span>}
      </div>
      {children}
    </div>
  );
}
