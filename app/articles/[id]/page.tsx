import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ArrowLeft, Bookmark, Eye, Heart, MessageCircle } from "lucide-react";
import { ArticleMarkdown } from "@/components/article/markdown";
import { platformIconPath } from "@/lib/articles/platforms";
import { findArticle } from "@/lib/articles/service";
import { formatChineseDate, formatCount } from "@/lib/format";
import { siteUrl } from "@/lib/site";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const article = await findArticle((await params).id);
  if (!article) return { title: "文章不存在", robots: { index: false } };
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
      publishedTime: new Date(article.create_time * 1000).toISOString(),
      authors: article.author_name ? [article.author_name] : undefined,
      images: article.cover_image ? [article.cover_image] : undefined,
    },
  };
}

/** JSON for a <script> element: `<` escaped so that text can never close the element. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export default async function ArticlePage({ params }: Props) {
  const article = await findArticle((await params).id);
  if (!article) notFound();
  const published = new Date(article.create_time * 1000).toISOString();
  const structured = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.summary ?? undefined,
    datePublished: published,
    author: { "@type": "Person", name: article.author_name || "匿名用户" },
    image: article.cover_image ?? undefined,
    mainEntityOfPage: `${siteUrl()}/articles/${article.id}`,
    isBasedOn: article.source_url,
    publisher: { "@type": "Organization", name: "拾阅" },
  };

  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <Link href="/" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-brand-600">
        <ArrowLeft className="size-4" aria-hidden />
        返回首页
      </Link>
      <h1 className="mt-3 text-2xl leading-snug font-bold text-slate-900">{article.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
        <a href={article.source_url} target="_blank" rel="noopener noreferrer nofollow" className="flex items-center gap-1.5 hover:text-brand-600">
          {/* eslint-disable-next-line @next/next/no-img-element -- 16px static icon */}
          <img src={platformIconPath(article.platform_name)} alt="" width={16} height={16} className="size-4" />
          {article.author_name || "匿名用户"}
          {article.source_platform ? <span className="text-slate-500">· {article.source_platform}</span> : null}
        </a>
        <time dateTime={published}>{formatChineseDate(article.create_time)}</time>
      </div>
      <div className="mt-6">
        {article.content ? <ArticleMarkdown text={article.content} /> : <p className="text-slate-500">暂无内容</p>}
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-5 border-t border-slate-100 pt-4 text-sm text-slate-500">
        <span className="flex items-center gap-1"><Heart className="size-4" aria-hidden /><span className="sr-only">点赞</span>{formatCount(article.like_cnt)}</span>
        <span className="flex items-center gap-1"><MessageCircle className="size-4" aria-hidden /><span className="sr-only">评论</span>{formatCount(article.comment_cnt)}</span>
        <span className="flex items-center gap-1"><Bookmark className="size-4" aria-hidden /><span className="sr-only">收藏</span>{formatCount(article.favorite_cnt)}</span>
        <span className="flex items-center gap-1"><Eye className="size-4" aria-hidden /><span className="sr-only">阅读</span>{formatCount(article.view_cnt)}</span>
        <a href={article.source_url} target="_blank" rel="noopener noreferrer nofollow" className="ml-auto text-brand-600 hover:underline">
          查看原文
        </a>
      </div>
    </article>
  );
}
