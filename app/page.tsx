import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ArticleCard } from "@/components/article/article-card";
import { CardIconSprite } from "@/components/article/card-icons";
import { Pagination } from "@/components/article/pagination";
import { PullToRefresh } from "@/components/article/pull-to-refresh";
import { RefreshOnSessionChange } from "@/components/article/refresh-on-session-change";
import { ChatPanelLoader } from "@/components/chat/chat-panel-loader";
import { ChatPanelSkeleton } from "@/components/chat/chat-panel-skeleton";
import { PAGE_SIZE, SEARCH_RESULT_WINDOW } from "@/lib/articles/constants";
import { pageCount } from "@/lib/articles/pagination";
import { listQuery, searchQuery } from "@/lib/articles/schema";
import { getFeedPage } from "@/lib/articles/service";
import { getSearchPage } from "@/lib/search/service";
import { pageViewer } from "@/lib/auth/viewer";
import { MSG } from "@/lib/messages";
import { JsonLd } from "@/components/seo/json-ld";
import { websiteJsonLd } from "@/lib/seo/structured-data";
import { siteUrl } from "@/lib/site";

type Props = { searchParams: Promise<{ q?: string | string[]; page?: string | string[] }> };

/** The last search page the pager offers (the API answers pages up to the result window). */
const SEARCH_PAGES = Math.floor(SEARCH_RESULT_WINDOW / PAGE_SIZE);

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).q)?.trim();
  if (q) return { title: `搜索：${q}`, robots: { index: false } };
  // Feed readers find the site's own feeds (app/feed.xml, app/feed.json) from the home page.
  return {
    alternates: {
      canonical: "/",
      types: {
        "application/rss+xml": [{ url: "/feed.xml", title: "拾阅" }],
        "application/feed+json": [{ url: "/feed.json", title: "拾阅" }],
      },
    },
  };
}

export default async function HomePage({ searchParams }: Props) {
  const params = await searchParams;
  // NUL characters are dropped as the search schema drops them: a keyword of only NULs means no search.
  const q = first(params.q)?.replace(/\0/g, "").trim().slice(0, 100) || undefined;
  const requested = Number(first(params.page) ?? "1");
  const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const viewer = await pageViewer();
  // The page's heading, for screen readers and machines: the design shows no title above the list.
  const title = q ? `“${q}”的搜索结果` : "精选文章";

  if (page > 1 && !viewer) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <h1 className="sr-only">{title}</h1>
        <p className="text-slate-600">{q ? MSG.moreSearchNeedsLogin : MSG.moreNeedsLogin}</p>
        <Link href={`/login?redirect=${encodeURIComponent(`/?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`)}`} className="mt-4 inline-block rounded-full bg-brand-500 px-5 py-2 text-sm text-white">
          去登录
        </Link>
      </div>
    );
  }

  const viewerRef = viewer ? { userId: viewer.id } : null;
  // Signed-in readers get recommendations without what they have already read (SPEC section 1).
  const excludeRead = viewer ? "true" : undefined;
  if (q && page > SEARCH_PAGES) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        <h1 className="sr-only">{title}</h1>
        <p>{MSG.searchTooDeep}</p>
      </div>
    );
  }
  const { items, total, mode, total_is_estimate: estimated } = q
    ? await getSearchPage({ query: searchQuery.parse({ keyword: q, page: String(page), exclude_read: excludeRead }), viewer: viewerRef })
    : { ...(await getFeedPage({ query: listQuery.parse({ page: String(page), exclude_read: excludeRead }), viewer: viewerRef })), mode: null, total_is_estimate: false };
  // Search pages stop at the result window; an estimated total still shows how many matched.
  const count = q ? Math.min(pageCount({ total, page, itemsOnPage: items.length }), SEARCH_PAGES) : pageCount({ total, page, itemsOnPage: items.length });

  if (q && page === 1 && items.length === 0) {
    // The list's "search empty" case: the AI assistant takes over, asking the keyword as its first question.
    return (
      <section aria-labelledby="home-title" className="flex flex-col gap-3">
        <h1 id="home-title" className="sr-only">
          AI 助手
        </h1>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <p className="text-slate-500">没有找到与“{q}”相关的文章，已交给 AI 助手回答</p>
          <Link href="/" className="text-brand-600 hover:underline">
            查看全部文章
          </Link>
        </div>
        <ChatPanelLoader key={q} initialQuestion={q}>
          <ChatPanelSkeleton />
        </ChatPanelLoader>
      </section>
    );
  }

  return (
    <PullToRefresh href={q ? `/?q=${encodeURIComponent(q)}` : "/"}>
      <RefreshOnSessionChange />
      {q ? null : <JsonLd data={websiteJsonLd(siteUrl())} />}
      <section aria-labelledby="home-title">
        <h1 id="home-title" className="sr-only">
          {title}
        </h1>
        {q ? (
          <p className="mb-4 text-sm text-slate-500">
            “{q}”共找到{estimated ? "约 " : " "}{total.toLocaleString("zh-CN")} 篇文章
            <span className="ml-2 text-xs text-slate-500">{mode === "hybrid" ? "按关键词与语义综合排序" : "按关键词匹配排序"}</span>
          </p>
        ) : null}
        {items.length ? <CardIconSprite /> : null}
        {items.length ? (
          <ul className="flex flex-col gap-4">
            {items.map((a) => (
              // Cards below the fold are laid out and painted only when scrolled to (their last size is kept).
              <li key={a.id} className="[contain-intrinsic-size:auto_15rem] [content-visibility:auto]">
                <ArticleCard article={a} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">还没有文章</p>
        )}
        <Pagination page={page} count={count} keyword={q} signedIn={Boolean(viewer)} />
      </section>
    </PullToRefresh>
  );
}
