import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleMarkdown } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<ArticleMarkdown text={text} />);

describe("article markdown", () => {
  it("renders GFM tables, line breaks and highlighted code", () => {
    const out = html("第一行\n第二行\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x: number = 1;\n```");
    expect(out).toContain("第一行<br/>");
    expect(out).toContain("<table>");
    expect(out).toMatch(/<code class="hljs language-ts">.*hljs-keyword/s);
  });

  it("never renders raw HTML or script links", () => {
    const out = html('<script>window.x=1</script><img src=x onerror="alert(1)">\n\n[点我](javascript:alert(1))');
    expect(out).not.toContain("<script");
    expect(out).not.toMatch(/<img[^>]*onerror/);
    expect(out).not.toContain('href="javascript:');
  });

  it("opens links in a new tab without an opener", () => {
    expect(html("[文档](https://developer.mozilla.org/)")).toContain('target="_blank" rel="noopener noreferrer nofollow"');
  });
});
