import { Link } from "@/components/ui/link";
import { Suspense } from "react";
import { Bell, Sparkles } from "lucide-react";
import { cookies } from "next/headers";
import { TOKEN_COOKIE } from "@/lib/auth/constants";
import { pageViewer } from "@/lib/auth/viewer";
import { unreadCount } from "@/lib/comments/notifications";
import { hasNewDigest } from "@/lib/digest/service";
import { getDb } from "@/lib/db";
import { errorMessage, log } from "@/lib/log";
import { ClearStaleSession } from "./clear-stale-session";
import { DigestLink } from "./digest-link";
import { SearchBox } from "./search-box";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

/** The header's 消息 count; a failure costs the badge, never the page. */
async function unread(userId: number): Promise<number> {
  try {
    return await unreadCount(await getDb(), userId);
  } catch (err) {
    log.warn("unread_count_failed", { error: errorMessage(err) });
    return 0;
  }
}

/** Whether today's digest waits unopened (the header's dot); a failure costs the dot, never the page. */
async function freshDigest(userId: number): Promise<boolean> {
  try {
    return await hasNewDigest(await getDb(), userId);
  } catch (err) {
    log.warn("digest_dot_failed", { error: errorMessage(err) });
    return false;
  }
}

export async function SiteHeader() {
  const viewer = await pageViewer();
  const [messages, fresh] = viewer ? await Promise.all([unread(viewer.id), freshDigest(viewer.id)]) : [0, false];
  const stale = !viewer && Boolean((await cookies()).get(TOKEN_COOKIE)?.value);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-14 w-full max-w-3xl items-center gap-1.5 px-4 sm:gap-3">
        <Link href="/about" className="shrink-0 text-lg font-bold tracking-wide text-brand-600" title="关于拾阅">
          拾阅
        </Link>
        <Suspense fallback={<div className="h-9 min-w-0 flex-1 rounded-full bg-slate-100" />}>
          <SearchBox />
        </Suspense>
        <Link
          href="/smart-summary"
          className="flex shrink-0 items-center gap-1 rounded-full px-1.5 py-1 text-sm text-slate-600 hover:bg-brand-50 hover:text-brand-600 sm:px-2"
        >
          <Sparkles className="size-4" aria-hidden />
          {/* A signed-in phone header also holds 今日精选 and 消息: the icon alone leaves the search box its room. */}
          {viewer ? (
            <span className="sr-only sm:not-sr-only">智能总结</span>
          ) : (
            <>
              <span className="hidden sm:inline">智能总结</span>
              <span className="sm:hidden">总结</span>
            </>
          )}
        </Link>
        <ThemeToggle />
        {viewer ? <DigestLink fresh={fresh} /> : null}
        {viewer ? (
          <Link
            href="/notifications"
            aria-label={messages ? (messages > 99 ? "消息，99 条以上未读" : `消息，${messages} 条未读`) : "消息"}
            className="relative flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-brand-50 hover:text-brand-600"
            data-testid="header-notifications"
          >
            <Bell className="size-5" aria-hidden />
            {messages ? (
              <span aria-hidden className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-rose-600 px-1 text-center text-[10px] leading-4 font-medium text-white">
                {messages > 99 ? "99+" : messages}
              </span>
            ) : null}
          </Link>
        ) : null}
        {viewer ? (
          <UserMenu name={viewer.displayName || viewer.accountName} avatarUrl={viewer.avatarUrl} isAdmin={viewer.role === "admin"} />
        ) : (
          <Link
            href="/login/sms"
            className="shrink-0 rounded-full bg-brand-500 px-3 py-1 text-sm font-medium text-white hover:bg-brand-600"
          >
            登录
          </Link>
        )}
        {stale ? <ClearStaleSession /> : null}
      </div>
    </header>
  );
}
