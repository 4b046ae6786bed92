import { describe, expect, it } from "vitest";
import { ALL_PAYLOADS, PAYLOADS } from "@/test/xss";
import { injectedInMarkup as injected } from "@/test/xss-markup";
import { isSafeUrl, markdownToHtml } from "./markdown-html";

const BASE = "https://shiyue.example";

describe("markdownToHtml", () => {
  it("renders GFM tables, code blocks, lists and kept line breaks, without highlighting", () => {
    const html = markdownToHtml("第一行\n第二行\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1 < 2;\n```\n\n- 一\n- 二");
    expect(html).toContain("<p>第一行<br>\n第二行</p>");
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>a<\/th>/);
    expect(html).toContain("<td>2</td>");
    expect(html).toContain('<pre><code class="language-ts">const x = 1 &#x3C; 2;\n</code></pre>');
    expect(html).toContain("<li>二</li>");
    expect(html).not.toContain("hljs");
  });

  it("keeps safe links and images, resolving relative ones against the base and leaving fragments alone", () => {
    const html = markdownToHtml("[站内](/articles/1) [外链](https://example.com/a?b=1&c=2) [邮件](mailto:a@example.com) ![图](//cdn.example.com/a.png) 脚注[^1]\n\n[^1]: 注", { base: BASE });
    expect(html).toContain(`<a href="${BASE}/articles/1">站内</a>`);
    expect(html).toContain('<a href="https://example.com/a?b=1&#x26;c=2">外链</a>');
    expect(html).toContain('<a href="mailto:a@example.com">邮件</a>');
    expect(html).toContain('<img src="https://cdn.example.com/a.png" alt="图">');
    expect(html).toContain('href="#user-content-fn-1"');
  });

  it.each(PAYLOADS.map((p) => [p.name, p.text]))("%s renders inert", (_name, text) => {
    expect(injected(markdownToHtml(text, { base: BASE }))).toEqual([]);
    expect(injected(markdownToHtml(`前文 ${text} 后文`))).toEqual([]);
  });

  it("drops raw HTML and unsafe URLs from every payload at once, keeping link texts and escaped text", () => {
    const html = markdownToHtml(`${ALL_PAYLOADS}\n\n[安全链接](https://example.com/ok)`, { base: BASE });
    expect(injected(html)).toEqual([]);
    expect(html).not.toMatch(/<(script|iframe|svg|math|object|embed|form|style|meta|base|details)\b/i);
    expect(html).not.toMatch(/(href|src)="[^"]*(javascript|vbscript|data):/i);
    expect(html).toContain("<a>点我</a>");
    expect(html).toContain('<a href="https://example.com/ok">安全链接</a>');
    expect(html).toContain("&#x3C;img src=x onerror=__xss()>");
  });

  it("follows react-markdown's protocol rule", () => {
    for (const ok of ["https://a", "http://a", "mailto:a@b", "/x:y", "a/b:c", "?q=a:b", "#x:y", "relative", "IRCS://a"]) expect(isSafeUrl(ok), ok).toBe(true);
    for (const bad of ["javascript:x", "JaVaScRiPt:x", "data:text/html,x", "vbscript:x", "file:///etc/passwd", " javascript:x"]) expect(isSafeUrl(bad), bad).toBe(false);
  });
});
