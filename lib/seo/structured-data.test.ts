// The JSON-LD builders (lib/seo/structured-data.ts) against what Google documents for its rich results:
// Article (headline ≤ 110 characters, image URLs, ISO 8601 dates with a time zone, author with a name,
// publisher with a logo), BreadcrumbList (ListItems numbered from 1, each with a name and an absolute URL) and
// WebSite's SearchAction (a urlTemplate holding the placeholder that query-input names). Each block is read
// back the way a crawler reads it: the script's text through JSON.parse, then through a JSON-LD processor.
import { describe, expect, it } from "vitest";
import { expandJsonLd, SCHEMA } from "@/test/json-ld";
import { articleJsonLd, breadcrumbJsonLd, HEADLINE_MAX, jsonLdText, websiteJsonLd, type JsonLd } from "./structured-data";

const SITE = "https://shiyue.example.cn";
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The block as a crawler gets it: the text of the script element, parsed. */
const roundTrip = (value: JsonLd) => JSON.parse(jsonLdText(value)) as Record<string, unknown> & { [k: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const isAbsoluteHttp = (u: unknown) => typeof u === "string" && /^https?:\/\//.test(u) && URL.canParse(u);

const facts = {
  id: 42,
  title: "Rust 所有权与借用检查器详解",
  description: "一篇讲清所有权、借用和生命周期的长文。",
  coverImage: "https://img.example.com/cover.png",
  authorName: "张三",
  sourceUrl: "https://juejin.cn/post/1",
  publishedAt: new Date("2026-11-20T04:00:00Z"),
  updatedAt: new Date("2026-11-22T09:30:00Z"),
};

describe("articleJsonLd", () => {
  it("has what Google's Article rich result reads, with absolute URLs and zoned dates", () => {
    const ld = roundTrip(articleJsonLd(SITE, facts));
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Article");
    expect(ld.headline).toBe(facts.title);
    expect(ld.datePublished).toMatch(ISO_WITH_ZONE);
    expect(ld.dateModified).toMatch(ISO_WITH_ZONE);
    expect(ld.dateModified).toBe("2026-11-22T09:30:00.000Z");
    expect(ld.image).toEqual(["https://img.example.com/cover.png"]);
    expect(ld.author).toEqual([{ "@type": "Person", name: "张三" }]);
    expect(ld.publisher).toMatchObject({ "@type": "Organization", name: "拾阅", url: `${SITE}/` });
    expect(ld.publisher.logo).toEqual({ "@type": "ImageObject", url: `${SITE}/icon.svg` });
    expect(ld.mainEntityOfPage).toEqual({ "@type": "WebPage", "@id": `${SITE}/articles/42` });
    expect(ld.url).toBe(`${SITE}/articles/42`);
    expect(ld.isBasedOn).toBe(facts.sourceUrl);
  });

  it("leaves out what the article lacks and never modifies before it was published", () => {
    const ld = roundTrip(articleJsonLd(SITE, { ...facts, coverImage: null, description: null, authorName: null, updatedAt: new Date("2026-11-01T00:00:00Z") }));
    expect(ld).not.toHaveProperty("image");
    expect(ld).not.toHaveProperty("description");
    expect(ld.author).toEqual([{ "@type": "Person", name: "匿名用户" }]);
    expect(ld.dateModified).toBe(ld.datePublished);
  });

  it("makes a relative cover absolute and drops one that is not http(s)", () => {
    expect(roundTrip(articleJsonLd(SITE, { ...facts, coverImage: "/assets/covers/a.png" })).image).toEqual([`${SITE}/assets/covers/a.png`]);
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA"]) expect(roundTrip(articleJsonLd(SITE, { ...facts, coverImage: bad }))).not.toHaveProperty("image");
  });

  it("cuts a headline to 110 characters", () => {
    const long = "长".repeat(200);
    const headline = roundTrip(articleJsonLd(SITE, { ...facts, title: long })).headline as string;
    expect([...headline]).toHaveLength(HEADLINE_MAX);
    expect(headline.endsWith("…")).toBe(true);
  });

  it("cannot close its script element, whatever the title says", () => {
    const text = jsonLdText(articleJsonLd(SITE, { ...facts, title: "</script><script>alert(1)</script>" }));
    expect(text).not.toContain("<");
    expect(JSON.parse(text).headline).toBe("</script><script>alert(1)</script>");
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the trail from 1, each step with a name and an absolute URL", () => {
    const ld = roundTrip(breadcrumbJsonLd(SITE, [{ name: "首页", path: "/" }, { name: "知乎", path: "/platforms/zhihu" }, { name: "一篇文章", path: "/articles/42" }]));
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("BreadcrumbList");
    const items = ld.itemListElement as { "@type": string; position: number; name: string; item: string }[];
    expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
    for (const i of items) {
      expect(i["@type"]).toBe("ListItem");
      expect(i.name).toBeTruthy();
      expect(isAbsoluteHttp(i.item)).toBe(true);
    }
    expect(items[1].item).toBe(`${SITE}/platforms/zhihu`);
  });
});

describe("websiteJsonLd", () => {
  it("searches through the home page's ?q= with the placeholder query-input names", () => {
    const ld = roundTrip(websiteJsonLd(SITE));
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "WebSite", name: "拾阅", url: `${SITE}/` });
    const action = ld.potentialAction;
    expect(action["@type"]).toBe("SearchAction");
    const name = /^required name=(\w+)$/.exec(action["query-input"])![1];
    expect(action.target.urlTemplate).toBe(`${SITE}/?q={${name}}`);
    const filled = new URL(action.target.urlTemplate.replace(`{${name}}`, encodeURIComponent("以形补形")));
    expect(filled.pathname).toBe("/");
    expect(filled.searchParams.get("q")).toBe("以形补形");
  });
});

describe("read by a JSON-LD processor", () => {
  type Node = Record<string, unknown>;
  const value = (node: Node, term: string) => (node[SCHEMA + term] as { "@value"?: unknown }[] | undefined)?.[0]?.["@value"];
  const child = (node: Node, term: string) => (node[SCHEMA + term] as Node[])[0];

  it("expands every block without loss into schema.org terms and node types", async () => {
    const [article] = await expandJsonLd(JSON.parse(jsonLdText(articleJsonLd(SITE, facts))));
    expect(article["@type"]).toEqual([`${SCHEMA}Article`]);
    expect(value(article, "headline")).toBe(facts.title);
    expect(value(article, "dateModified")).toBe("2026-11-22T09:30:00.000Z");
    expect(child(article, "author")["@type"]).toEqual([`${SCHEMA}Person`]);
    const publisher = child(article, "publisher");
    expect(publisher["@type"]).toEqual([`${SCHEMA}Organization`]);
    expect(child(publisher, "logo")["@type"]).toEqual([`${SCHEMA}ImageObject`]);
    expect(child(article, "mainEntityOfPage")["@id"]).toBe(`${SITE}/articles/42`);

    const [trail] = await expandJsonLd(JSON.parse(jsonLdText(breadcrumbJsonLd(SITE, [{ name: "首页", path: "/" }, { name: "知乎", path: "/platforms/zhihu" }]))));
    const items = trail[`${SCHEMA}itemListElement`] as Node[];
    expect(items.map((i) => value(i, "position"))).toEqual([1, 2]);

    const [site] = await expandJsonLd(JSON.parse(jsonLdText(websiteJsonLd(SITE))));
    const action = child(site, "potentialAction");
    expect(action["@type"]).toEqual([`${SCHEMA}SearchAction`]);
    expect(value(child(action, "target"), "urlTemplate")).toBe(`${SITE}/?q={search_term_string}`);
  });

  it("refuses what a crawler could not read (the processor is not a formality)", async () => {
    await expect(expandJsonLd({ "@context": "https://schema.org", "@type": "Article", "@id": 42 })).rejects.toThrow();
    await expect(expandJsonLd({ "@context": "https://schema.org", "@type": "Article", "@foo": "x" })).rejects.toThrow();
  });
});
