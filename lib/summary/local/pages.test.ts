// Local summaries of whole pages, through the real extraction: no broken link, and every sentence is one a
// reader of the page sees (links read as their text). Pages: this folder's fixtures (news with links whose
// URLs hold "?" and ".html", abbreviations and numbers; a product page full of calls to action; a Chinese
// page with links, bare URLs and code) and the extractor's own fixture pages.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractArticle } from "@/lib/summary/extract/html";
import { isBoilerplate, readerText, splitSentences } from "./sentence-split";
import { summarizeLocally, type SummaryMethod } from "./summarize";
import { parseText } from "./text";

const own = new URL("./fixtures/pages/", import.meta.url);
const extractor = new URL("../extract/fixtures/", import.meta.url);
const read = (dir: URL, name: string) => ({ name, html: readFileSync(new URL(name, dir), "utf8") });
// video-page.html, the extractor's other fixture, is a player page with no article text.
const pages = [
  ...readdirSync(own).filter((f) => f.endsWith(".html")).map((f) => read(own, f)),
  ...["news.html", "tech-blog.html", "comments-ads.html"].map((f) => read(extractor, f)),
];
const METHODS: SummaryMethod[] = ["quick", "detailed", "knowledge", "storyboard"];

const LINK = /!?\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]\(((?:[^()\s]|\([^()\s]*\))*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;
const URL_IN_TEXT = /(?:https?:\/\/|www\.)[^\s<>\[\]()"'“”‘’「」（）\p{Script=Han}，。！？、；：]+/gu;
const squeeze = (text: string) => text.replace(/\s+/g, "");

/** Every URL of `markdown`: link targets and bare URLs (trailing punctuation aside). */
function urls(markdown: string): string[] {
  const targets = [...markdown.matchAll(LINK)].map((m) => m[2]);
  const bare = [...markdown.replace(LINK, " ").matchAll(URL_IN_TEXT)].map((m) => m[0].replace(/[.,;:!?]+$/, ""));
  return [...targets, ...bare];
}

/** Summary lines holding article text: no notice, headings, keyword line, list markers or bold marks. */
function proseLines(summary: string): string[] {
  return summary
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith(">") && !line.startsWith("#") && !/^`[^`]+`(、`[^`]+`)*$/.test(line))
    .map((line) => line.replace(/^\s*(?:-|\d+\.)\s+/, "").replace(/^镜头 \d+：/, "").replaceAll("**", ""));
}

describe.each(pages)("local summary of $name", ({ name, html }) => {
  const article = extractArticle(html, `https://example.com/${name}`);
  it("is a readable page", () => expect(article?.markdown.length).toBeGreaterThan(200));
  const source = article!.markdown;
  const sourceUrls = new Set(urls(source));
  const visible = squeeze(source.split("\n").map(readerText).join("\n"));
  // The article's sentences as a reader reads them, longest first; each must be text the reader sees.
  const sentences = [...new Set(parseText(source).sentences.map((s) => squeeze(readerText(s.text))))].sort((a, b) => b.length - a.length);

  /** Whether `line` is a run of the article's sentences, each one visible on the page. */
  const coveredBySentences = (line: string) => {
    let rest = squeeze(readerText(line));
    while (rest) {
      const next = sentences.find((s) => s && rest.startsWith(s));
      if (!next || !visible.includes(next)) return false;
      rest = rest.slice(next.length);
    }
    return true;
  };

  it.each(METHODS)("%s: whole links only, and only the article's own sentences", (method) => {
    const summary = summarizeLocally({ title: article!.title, text: source, method });
    for (const line of proseLines(summary)) {
      // A broken link leaves "](" or a cut URL behind; whole links and URLs are the page's own.
      expect(line.replace(LINK, ""), `broken link in: ${line}`).not.toMatch(/\]\(/);
      for (const url of urls(line)) expect(sourceUrls, `cut URL ${url} in: ${line}`).toContain(url);
      expect(coveredBySentences(line), `not the page's sentences: ${line}`).toBe(true);
      for (const sentence of splitSentences(line)) expect(isBoilerplate(sentence), `page furniture: ${sentence}`).toBe(false);
    }
  });
});

describe("pages with calls to action", () => {
  it("keeps them out of every method's sentences", () => {
    for (const file of ["product-page.html", "news-links.html", "zh-links.html"]) {
      const { title, markdown } = extractArticle(pages.find((p) => p.name === file)!.html, "https://example.com/")!;
      for (const method of METHODS) {
        const summary = summarizeLocally({ title, text: markdown, method });
        expect(summary).not.toMatch(/Learn more|Start free trial|阅读原文|上一篇|了解更多/);
      }
    }
  });

  it("keeps the link of a kept sentence whole", () => {
    const { title, markdown } = extractArticle(pages.find((p) => p.name === "news-links.html")!.html, "https://example.com/")!;
    const all = METHODS.map((method) => summarizeLocally({ title, text: markdown, method })).join("\n");
    expect(all).toContain("[Sudan](http://topics.example.com/top/news/international/countriesandterritories/sudan/index.html?inline=nyt-geo)");
  });
});
