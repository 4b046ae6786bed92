import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleMarkdown } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<ArticleMarkdown text={text} />);

describe("article markdown", () => {
  it("renders GFM tables, line breaks and highlighted code", () => {
    const out = html("第一行\n第二行\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x: number = 1;\n```");
    expect(out).toContain("第一行<br/>");
    // Both may scroll sideways on a phone: a keyboard reaches them (a tab stop), and the code block is named.
    expect(out).toContain('<table tabindex="0">');
    expect(out).toContain('<pre tabindex="0" role="group" aria-label="代码"><code class="hljs language-ts">');
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

describe("article markdown kept between renders", () => {
  it("renders the same body twice from one parse, and the same HTML both times", () => {
    const text = `缓存的正文 ${Date.now()}\n\n- 一\n- 二`;
    const first = ArticleMarkdown({ text, highlight: false }) as React.ReactElement<{ children: React.ReactNode }>;
    const second = ArticleMarkdown({ text, highlight: false }) as React.ReactElement<{ children: React.ReactNode }>;
    expect(second.props.children).toBe(first.props.children);
    expect(renderToStaticMarkup(second)).toBe(renderToStaticMarkup(first));
    expect(renderToStaticMarkup(second)).toContain("<li>二</li>");
  });

  it("keeps highlighted and plain renders of a body apart", () => {
    const text = `代码 ${Date.now()}\n\n\`\`\`ts\nconst x = 1;\n\`\`\``;
    expect(html(text)).toContain("hljs");
    expect(renderToStaticMarkup(<ArticleMarkdown text={text} highlight={false} />)).not.toContain("hljs");
    expect(html(text)).toContain("hljs");
  });
});
