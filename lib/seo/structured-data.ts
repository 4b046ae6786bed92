// schema.org structured data (JSON-LD) for the pages search engines read (docs/seo.md, "Structured data"):
// an article (Google's Article rich result: headline, image, datePublished, dateModified, author, publisher),
// the breadcrumb trail of a page, and the site with its search action. Pure: every URL is made absolute
// from the site's address, which the caller passes.
import { SITE_NAME } from "@/lib/site";

export const SCHEMA_CONTEXT = "https://schema.org";
/** Google shows at most this many characters of a headline. */
export const HEADLINE_MAX = 110;
/** The site's logo (app/icon.svg, served by Next.js at /icon.svg). */
export const LOGO_PATH = "/icon.svg";

export type JsonLd = Record<string, unknown> & { "@context": string; "@type": string };

const absolute = (site: string, pathOrUrl: string) => new URL(pathOrUrl, `${site}/`).toString();

/** An http(s) image as an absolute URL, or null for anything else (data:, javascript:, malformed). */
function imageUrl(site: string, src: string | null | undefined): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, `${site}/`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function headline(title: string): string {
  const chars = [...title];
  return chars.length <= HEADLINE_MAX ? title : `${chars.slice(0, HEADLINE_MAX - 1).join("")}…`;
}

/** The site as publisher: its name, address and logo. */
export function publisher(site: string) {
  return {
    "@type": "Organization",
    name: SITE_NAME,
    url: `${site}/`,
    logo: { "@type": "ImageObject", url: absolute(site, LOGO_PATH) },
  };
}

export type ArticleFacts = {
  id: number;
  title: string;
  description: string | null;
  coverImage: string | null;
  authorName: string | null;
  sourceUrl: string;
  publishedAt: Date;
  /** When what the page shows last changed (articles.updated_at). */
  updatedAt: Date;
};

export function articleJsonLd(site: string, a: ArticleFacts): JsonLd {
  const url = absolute(site, `/articles/${a.id}`);
  const image = imageUrl(site, a.coverImage);
  // An edit before the publication date (a collected article published at its source later) is not a modification.
  const modified = a.updatedAt > a.publishedAt ? a.updatedAt : a.publishedAt;
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "Article",
    headline: headline(a.title),
    ...(a.description ? { description: a.description } : {}),
    ...(image ? { image: [image] } : {}),
    datePublished: a.publishedAt.toISOString(),
    dateModified: modified.toISOString(),
    author: [{ "@type": "Person", name: a.authorName || "匿名用户" }],
    publisher: publisher(site),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    isBasedOn: a.sourceUrl,
    inLanguage: "zh-CN",
  };
}

export type BreadcrumbItem = { name: string; path: string };

/** The trail from the home page to this page, positions from 1. */
export function breadcrumbJsonLd(site: string, items: BreadcrumbItem[]): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: absolute(site, item.path) })),
  };
}

/** The search parameter the home page reads (app/page.tsx: /?q=关键词). */
export const SEARCH_TERM = "search_term_string";

/** The site, and how to search it (Google's sitelinks search box). */
export function websiteJsonLd(site: string): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "WebSite",
    name: SITE_NAME,
    url: `${site}/`,
    inLanguage: "zh-CN",
    publisher: publisher(site),
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${site}/?q={${SEARCH_TERM}}` },
      "query-input": `required name=${SEARCH_TERM}`,
    },
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so that no text can close the element. */
export function jsonLdText(value: JsonLd): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
