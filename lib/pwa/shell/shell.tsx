// The offline shell (issue 45): what the service worker answers a page it could not fetch with, and /offline
// itself. A static page (public/offline.html, made by scripts/build-pwa.ts) with this script: no per-request
// nonce, a CSP of its own (script-src 'self'). It reads the offline shelf (lib/offline/store.ts) of the account
// signed in on this device — favourites and the last articles opened — and shows any of them in full, markdown
// rendered (images as links: none is stored). On an article's address it opens that article when it is kept.
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import Markdown from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { rehypeImagesAsLinks } from "@/components/article/images-as-links";
import { MARKDOWN_ELEMENTS } from "@/components/article/markdown-elements";
import { formatChineseDate } from "@/lib/format";
import { Shelf, shelfName, type OfflineArticle, type OutboxItem, type Problem } from "@/lib/offline/store";
import { storedUserId } from "@/lib/offline/sync";

const onLine = {
  subscribe(listener: () => void) {
    addEventListener("online", listener);
    addEventListener("offline", listener);
    return () => {
      removeEventListener("online", listener);
      removeEventListener("offline", listener);
    };
  },
  get: () => navigator.onLine,
};

/** The article id the address names: /articles/123, or #article-123 inside the shell. */
function articleFromAddress(): number | null {
  const m = /^#article-(\d+)$/.exec(location.hash) ?? /^\/articles\/(\d+)$/.exec(location.pathname);
  return m ? Number(m[1]) : null;
}

function useAddress(): number | null {
  const [id, setId] = useState(articleFromAddress);
  useEffect(() => {
    const update = () => setId(articleFromAddress());
    addEventListener("hashchange", update);
    addEventListener("popstate", update);
    return () => {
      removeEventListener("hashchange", update);
      removeEventListener("popstate", update);
    };
  }, []);
  return id;
}

type Loaded = { articles: OfflineArticle[]; outbox: OutboxItem[]; problems: Problem[] };

function Shell() {
  const online = useSyncExternalStore(onLine.subscribe, onLine.get, () => true);
  const userId = storedUserId();
  const [shelf] = useState(() => new Shelf(shelfName(userId)));
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const wanted = useAddress();
  const isShellPage = location.pathname === "/offline" || location.pathname === "/offline.html";

  const load = useCallback(() => {
    Promise.all([shelf.articles(), shelf.outbox(), shelf.problems()]).then(
      ([articles, outbox, problems]) => setLoaded({ articles, outbox, problems }),
      () => setFailed(true),
    );
  }, [shelf]);
  useEffect(load, [load]);

  const open = wanted ? loaded?.articles.find((a) => a.id === wanted) : undefined;
  useEffect(() => {
    document.title = open ? `${open.title} · 拾阅（离线）` : "离线阅读 · 拾阅";
  }, [open]);

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center gap-3 px-4">
          {/* The shell is not a Next.js page: a plain link is a full navigation, which is what it needs. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="text-lg font-bold tracking-wide text-brand-600">
            拾阅
          </a>
          <span className={`rounded-full px-2 py-0.5 text-xs ${online ? "bg-emerald-50 text-emerald-800" : "bg-amber-100 text-amber-900"}`} data-testid="shell-status">
            {online ? "已联网" : "离线"}
          </span>
          <button type="button" onClick={() => location.reload()} className="ml-auto rounded-full px-3 py-1 text-sm text-brand-600 hover:bg-brand-50">
            重新加载
          </button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        {open ? (
          <ArticleView article={open} />
        ) : (
          <>
            {!isShellPage ? (
              <p className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
                {online ? "网络太慢，这个页面没能打开。" : "你现在处于离线状态，这个页面没能打开。"}
                {wanted ? "这篇文章没有保存在本机。" : ""}可以先读下面保存在本机的文章，联网后点「重新加载」。
              </p>
            ) : null}
            <h1 className="text-xl font-semibold text-slate-900">离线阅读</h1>
            {failed ? <p className="mt-4 text-sm text-red-700">本机的离线内容无法读取（浏览器可能禁用了存储）。</p> : null}
            {loaded ? <ShelfList loaded={loaded} signedIn={Boolean(userId)} onDismiss={() => void shelf.dismissProblems().then(load)} /> : null}
          </>
        )}
      </main>
    </>
  );
}

function ShelfList({ loaded, signedIn, onDismiss }: { loaded: Loaded; signedIn: boolean; onDismiss: () => void }) {
  const favorites = loaded.articles.filter((a) => a.favoritedAt);
  const opened = loaded.articles.filter((a) => !a.favoritedAt);
  return (
    <div className="mt-4 space-y-6">
      {loaded.outbox.length ? (
        <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700" data-testid="shell-outbox">
          有 {loaded.outbox.length} 项离线操作等待同步，联网后会自动发送。
        </p>
      ) : null}
      {loaded.problems.length ? (
        <section aria-labelledby="problems" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          <h2 id="problems" className="font-medium">
            未能同步的离线操作
          </h2>
          <ul className="mt-1 list-disc pl-5">
            {loaded.problems.map((p) => (
              <li key={p.seq}>
                {p.title}：{p.reason}
              </li>
            ))}
          </ul>
          <button type="button" onClick={onDismiss} className="mt-2 text-red-700 underline">
            知道了
          </button>
        </section>
      ) : null}
      {signedIn ? <Section title="我的收藏" articles={favorites} empty="还没有保存到本机的收藏。联网时打开拾阅，收藏会自动保存。" /> : null}
      <Section title="最近读过" articles={opened} empty={signedIn ? "还没有读过的文章保存在本机。" : "还没有读过的文章保存在本机。登录后，收藏也会保存到本机。"} />
    </div>
  );
}

function Section({ title, articles, empty }: { title: string; articles: OfflineArticle[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h2 className="text-base font-medium text-slate-800">
        {title}
        <span className="ml-2 text-sm font-normal text-slate-500">{articles.length} 篇</span>
      </h2>
      {articles.length ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {articles.map((a) => (
            <li key={a.id}>
              <a href={`#article-${a.id}`} className="block px-4 py-3 hover:bg-slate-50">
                <span className="block font-medium text-slate-900">{a.title}</span>
                <span className="mt-0.5 block text-xs text-slate-500">{byline(a)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">{empty}</p>
      )}
    </section>
  );
}

const byline = (a: OfflineArticle) => [a.author || "匿名用户", a.platform, formatChineseDate(a.createdAt)].filter(Boolean).join(" · ");

function ArticleView({ article }: { article: OfflineArticle }) {
  return (
    <article>
      <a href="/offline" className="text-sm text-brand-600 hover:underline" onClick={back}>
        ← 离线阅读
      </a>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{article.title}</h1>
      <p className="mt-1 text-sm text-slate-500">{byline(article)}</p>
      {/* As the site renders article markdown, without highlight.js and with images as links: nothing is fetched. */}
      <div className="markdown mt-4">
        <Markdown remarkPlugins={[remarkGfm, remarkBreaks]} rehypePlugins={[rehypeImagesAsLinks]} components={MARKDOWN_ELEMENTS}>
          {article.content}
        </Markdown>
      </div>
      <p className="mt-6 text-sm">
        <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-600 hover:underline">
          查看原文
        </a>
      </p>
    </article>
  );
}


/** Back to the list within the shell when the article was opened from it (no network needed). */
function back(e: React.MouseEvent) {
  if (location.hash.startsWith("#article-")) {
    e.preventDefault();
    history.back();
  }
}

createRoot(document.getElementById("shell")!).render(<Shell />);
