import { Link } from "@/components/ui/link";
import type { ApiArticle, RecommendReason } from "@/lib/articles/serialize";
import { platformIconPath } from "@/lib/articles/platforms";
import { bodyPreview } from "@/lib/articles/preview";
import { formatChineseDate } from "@/lib/format";
import { CardActions, type CardCounts } from "./card-actions";
import { CardIcon } from "./card-icons";
import { CollapsibleBody } from "./collapsible-body";
import { ArticleMarkdown } from "./markdown";

// Only the counts and marks go to the client controls: the whole article would repeat every body in the page's payload.
const cardCounts = ({ id, title, like_cnt, comment_cnt, favorite_cnt, is_liked, is_favorited }: ApiArticle): CardCounts => ({
  id,
  title,
  like_cnt,
  comment_cnt,
  favorite_cnt,
  ...(is_liked === undefined ? {} : { is_liked }),
  ...(is_favorited === undefined ? {} : { is_favorited }),
});

/** Why a personalised feed shows the card (lib/recommendations/feed.ts). */
function ReasonLine({ reason }: { reason: RecommendReason }) {
  return (
    <p className="mb-1.5 flex items-center gap-1 text-xs text-slate-500" data-testid="recommend-reason">
      <CardIcon name={reason.kind === "hot" ? "flame" : "sparkles"} className="size-3.5 shrink-0 text-brand-500" />
      {reason.kind === "hot" ? "热门" : reason.kind === "similar" ? "与你喜欢的文章相似" : `因为你喜欢「${reason.label}」相关文章`}
    </p>
  );
}

/** One feed entry: title (to its permalink), collapsible markdown body, source, date, and like/comment/bookmark controls. */
export function ArticleCard({ article }: { article: ApiArticle }) {
  const preview = article.content ? bodyPreview(article.content) : null;
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="article-item">
      {article.recommend_reason ? <ReasonLine reason={article.recommend_reason} /> : null}
      <h2 className="text-base leading-snug font-semibold text-slate-900" data-testid="article-title">
        <Link href={`/articles/${article.id}`} className="hover:text-brand-600">
          {article.title}
        </Link>
      </h2>
      {article.content ? (
        // Collapsed, only the first blocks are rendered; the whole body is fetched, rendered on the server,
        // on the first expansion. Code in a feed card stays plain (the permalink highlights it). Both keep the
        // home page to a few hundred elements to style and hydrate, and its data to twenty previews.
        <CollapsibleBody articleId={article.id} more={preview !== null}>
          <ArticleMarkdown text={preview ?? article.content} highlight={false} />
        </CollapsibleBody>
      ) : (
        <p className="mt-2 text-sm text-slate-500">暂无内容</p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <a
          href={article.source_url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          data-testid="article-source"
          className="flex min-w-0 items-center gap-1.5 hover:text-brand-600"
          title={`在${article.source_platform ?? "原网站"}查看原文`}
        >
          {/* Lazy: the first paint waits for nothing but the page and its stylesheet (the size is reserved). */}
          {/* eslint-disable-next-line @next/next/no-img-element -- 16px static icon, nothing to optimize */}
          <img src={platformIconPath(article.platform_name)} alt="" width={16} height={16} loading="lazy" decoding="async" className="size-4 shrink-0" />
          <span className="truncate">{article.author_name || "匿名用户"}</span>
          {article.source_platform ? <span className="shrink-0 text-slate-500">· {article.source_platform}</span> : null}
        </a>
        <time dateTime={new Date(article.create_time * 1000).toISOString()}>{formatChineseDate(article.create_time)}</time>
      </div>
      <CardActions article={cardCounts(article)} />
    </article>
  );
}
