// The article renderer over the XSS matrix (test/xss.ts): raw HTML never becomes elements, unsafe
// URL schemes never reach href/src, and the payload text itself is still shown, as text.
import { parseHTML } from "linkedom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ALL_PAYLOADS, MERMAID_PAYLOADS, mermaidBlock, PAYLOADS } from "@/test/xss";
import { injectedInMarkup as injected } from "@/test/xss-markup";
import { ArticleMarkdown } from "./markdown";

const render = (text: string) => renderToStaticMarkup(<ArticleMarkdown text={text} />);

describe("article markdown against the XSS matrix", () => {
  it.each(PAYLOADS.map((p) => [p.name, p.text]))("%s renders inert", (_name, text) => {
    expect(injected(render(text))).toEqual([]);
    expect(injected(render(`前文 ${text} 后文`))).toEqual([]);
  });

  it.each(MERMAID_PAYLOADS.map((p) => [p.name, mermaidBlock(p)]))("mermaid %s stays a code block", (_name, text) => {
    const html = render(text);
    expect(injected(html)).toEqual([]);
    expect(html).toMatch(/<pre[^>]*><code class="hljs language-mermaid">/);
  });

  it("renders every payload at once without planting anything, and still renders the safe parts", () => {
    const html = render(`${ALL_PAYLOADS}\n\n[安全链接](https://example.com/ok)\n\n![图](https://example.com/a.png)`);
    expect(injected(html)).toEqual([]);
    expect(html).toContain('<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer nofollow">安全链接</a>');
    expect(html).toContain('<img src="https://example.com/a.png" alt="图"/>');
    // Escaped payloads and code spans show as text: the reader sees what was written.
    expect(html).toContain("&lt;img src=x onerror=__xss()&gt;");
    expect(html).toContain("<code>&lt;script&gt;__xss()&lt;/script&gt;</code>");
  });

  it("keeps the text of a neutralised link and drops its target", () => {
    const { document } = parseHTML(`<html><body>${render("[点我](javascript:__xss()) [x](JaVaScRiPt:__xss()) [d](data:text/html,x)")}</body></html>`);
    const links = Array.from(document.querySelectorAll("a"));
    expect(links.map((a) => a.textContent)).toEqual(["点我", "x", "d"]);
    for (const a of links) expect(a.getAttribute("href") ?? "").toBe("");
  });
});
