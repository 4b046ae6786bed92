"use client";

import { Newspaper } from "lucide-react";
import { usePathname } from "next/navigation";
import { Link } from "@/components/ui/link";

/** The header's 今日精选: a dot while today's digest is made and not yet opened (gone on /digest itself). */
export function DigestLink({ fresh }: { fresh: boolean }) {
  const pathname = usePathname();
  const dot = fresh && !pathname.startsWith("/digest");
  return (
    <Link
      href="/digest"
      aria-label={dot ? "今日精选，有新的精选" : "今日精选"}
      title="今日精选"
      className="relative flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-brand-50 hover:text-brand-600"
      data-testid="header-digest"
    >
      <Newspaper className="size-5" aria-hidden />
      {dot ? <span aria-hidden data-testid="header-digest-dot" className="absolute top-1 right-1 size-2 rounded-full bg-rose-600" /> : null}
    </Link>
  );
}
