import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { Bookmark, Eye, Heart, MessageCircle } from "lucide-react";
import { Breadcrumbs, type Crumb } from "@/components/article/breadcrumbs";
import { ArticleMarkdown } from "@/components/article/markdown";
import { RecordRead } from "@/components/article/record-read";
import { RelatedArticles } from "@/components/article/related-articles";
import { CommentSection } from "@/components/comments/comment-section";
import { JsonLd } from "@/components/seo/json-ld";
import { dayLabel, dayPath, platformPath } from "@/lib/articles/listing-params";
import { findPermalink, permalinkDb, type Permalink } from "@/lib/articles/permalink";
import { platformByKey, platformIconPath } from "@/lib/articles/platforms";
import { formatChineseDate, formatCount } from "@/lib/format";
import { errorMessage, log } from "@/lib/log";
import { relatedArticles, type RelatedArticle } from "@/lib/search/related";
import { listThread, type Thread } from "@/lib/comments/thread";
import { articleJsonLd, breadcrumbJsonLd } from "@/lib/seo/structured-data";
import { siteUrl } from "@/lib/site";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await findPermalink((await params).id);
  if (!found) return { title: "文章不存在", robots: { index: false } };
  const { article } = found;
  const description = (article.summary || article.content || "").slice(0, 160);
  return {
    title: article.title,
    description,
    alternates: { canonical: `/articles/${article.id}` },
    openGraph: {
      type: "article",
      title: article.title,
      description,
      url: `/articles/${article.id}`,
      publishedTime: found.publishedAt.toISOString(),
      modifiedTime: found.updatedAt.toISOString(),
      authors: article.author_name ? [article.author_name] : undefined,
      images: article.cover_image ? [article.cover_image] : undefined,
    },
  };
}

/** The related articles; a failure costs the block, never the page. */
async function related(id: number): Promise<RelatedArticle[]> {
  try {
    return await relatedArticles({ db: await permalinkDb(), id });
  } catch (err) {
    log.warn("related_articles_failed", { id, error: errorMessage(err) });
    return [];
  }
}

/** The thread's first page as a visitor sees it (最热); a failure costs the thread (the client tries again), never the page. */
async function firstComments(id: number): Promise<Thread | null> {
  try {
    return await listThread({ db: await permalinkDb(), articleId: id, viewerId: null, query: { sort: "hot", page: 1, limit: 20 } });
  } catch (err) {
    log.warn("comments_failed", { id, error: errorMessage(err) });
    return null;
  }
}

/** 首页 › the platform's listing › the article (the platform's step only for a known platform). */
function trail({ article }: Permalink): Crumb[] {
  const platform = platformByKey(article.platform_name);
  return [{ name: "首页", href: "/" }, ...(platform ? [{ name: platform.name, href: platformPath(platform.key) }] : []), { name: article.title }];
}

export default async function ArticlePage({ params }: Props) {
  const { id } = await params;
  // The related articles need only the id: read beside the article, one wait instead of two.
  const valid = /^\d{1,9}$/.test(id);
  const [found, relatedItems, thread] = await Promise.all([findPermalink(id), valid ? related(Number(id)) : [], valid ? firstComments(Number(id)) : null]);
  if (!found) notFound();
  const { article, day } = found;
  const site = siteUrl();
  const crumbs = trail(found);
  const platform = platformByKey(article.platform_name);

  return (
    <>
      <JsonLd
        data={articleJsonLd(site, {
          id: article.id,
          title: article.title,
          description: article.summary,
          coverImage: article.cover_image,
          authorName: article.author_name,
          sourceUrl: article.source_url,
          publishedAt: found.publishedAt,
          updatedAt: found.updatedAt,
        })}
      />
      <JsonLd data={breadcrumbJsonLd(site, crumbs.map((c) => ({ name: c.name, path: c.href ?? `/articles/${article.id}` })))} />
      <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <RecordRead articleId={article.id} />
        <Breadcrumbs items={crumbs} />
        <h1 className="mt-3 text-2xl leading-snug font-bold text-slate-900">{article.title}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
          <a href={article.source_url} target="_blank" rel="noopener noreferrer nofollow" className="flex items-center gap-1.5 hover:text-brand-600">
            {/* eslint-disable-next-line @next/next/no-img-element -- 16px static icon */}
            <img src={platformIconPath(article.platform_name)} alt="" width={16} height={16} className="size-4" />
            {article.author_name || "匿名用户"}
            {article.source_platform ? <span className="text-slate-500">· {article.source_platform}</span> : null}
          </a>
          <time dateTime={found.publishedAt.toISOString()}>{formatChineseDate(article.create_time)}</time>
        </div>
        <div className="mt-6">
          {article.content ? <ArticleMarkdown text={article.content} /> : <p className="text-slate-500">暂无内容</p>}
        </div>
        <div className="mt-8 flex flex-wrap items-center gap-5 border-t border-slate-100 pt-4 text-sm text-slate-500">
          <span className="flex items-center gap-1"><Heart className="size-4" aria-hidden /><span className="sr-only">点赞</span>{formatCount(article.like_cnt)}</span>
          <a href="#comments" className="flex items-center gap-1 hover:text-brand-600"><MessageCircle className="size-4" aria-hidden /><span className="sr-only">评论</span>{formatCount(article.comment_cnt)}</a>
          <span className="flex items-center gap-1"><Bookmark className="size-4" aria-hidden /><span className="sr-only">收藏</span>{formatCount(article.favorite_cnt)}</span>
          <span className="flex items-center gap-1"><Eye className="size-4" aria-hidden /><span className="sr-only">阅读</span>{formatCount(article.view_cnt)}</span>
          <a href={article.source_url} target="_blank" rel="noopener noreferrer nofollow" className="ml-auto text-brand-600 hover:underline">
            查看原文
          </a>
        </div>
      </article>
      <CommentSection articleId={article.id} initial={thread} />
      <RelatedArticles items={relatedItems} />
      <nav aria-label="更多文章" className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {platform ? (
          <Link href={platformPath(platform.key)} className="text-brand-600 hover:underline" data-testid="platform-listing-link">
            {platform.name}上的更多文章
          </Link>
        ) : null}
        <Link href={dayPath(day)} className="text-brand-600 hover:underline" data-testid="day-listing-link">
          {dayLabel(day)}发布的文章
        </Link>
      </nav>
    </>
  );
}
