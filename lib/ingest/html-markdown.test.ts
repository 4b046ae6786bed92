import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./html-markdown";
import { sanitizeHtml } from "./html-sanitize";
import { blockText } from "./text";

const BASE = "https://blog.example.cn/posts/42";
const md = (html: string) => htmlToMarkdown(html, BASE).markdown;
// The same plugins as the article page (components/article/markdown.tsx), raw HTML never rendered.
const render = (markdown: string) =>
  renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm, remarkBreaks] }, markdown));

const SANITIZE_CASES: [string, string, string][] = [
  ["<script> with its text", "<p>前</p><script>alert(1)</script><p>后</p>", "前\n\n后"],
  ["<style> with its text", "<style>p { color: red }</style><p>正文</p>", "正文"],
  ["<img onerror> keeps only the image", '<img src="/a.png" onerror="alert(1)" alt="图">', "![图](https://blog.example.cn/a.png)"],
  ["javascript: link", '<a href="javascript:alert(1)">点我</a>', "点我"],
  ["javascript: link hidden by case, spaces and a tab", '<a href=" JaVa&#x09;ScRiPt:alert(1)">点我</a>', "点我"],
  ["vbscript: and data: links", '<a href="vbscript:msgbox(1)">甲</a> <a href="data:text/html,x">乙</a>', "甲 乙"],
  ["<svg onload> with its text", '<svg onload="alert(1)"><text>图形</text></svg>文字', "文字"],
  ["<iframe> from an unknown host", '<iframe src="https://evil.example/x"></iframe><p>正文</p>', "正文"],
  [
    "Bilibili player <iframe>",
    '<iframe src="//player.bilibili.com/player.html?bvid=BV1GJ411x7h7&amp;page=1" allowfullscreen></iframe>',
    "[▶ 观看视频](https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&page=1)",
  ],
  ["YouTube embed <iframe>", '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>', "[▶ 观看视频](https://www.youtube-nocookie.com/embed/abc)"],
  ["YouTube <iframe> off the embed path", '<iframe src="https://www.youtube.com/watch?v=abc"></iframe>', ""],
  ["1×1 tracking pixel", '<p>文<img src="https://t.example.com/a.png" width="1" height="1">字</p>', "文字"],
  ["beacon URLs", '<img src="https://stats.example.com/a.png"><img src="/track/open?id=1"><img src="https://hm.baidu.com/hm.gif?si=1">', ""],
  ["WeChat report beacon", '<img src="https://mp.weixin.qq.com/mp/report?action=x">', ""],
  ["data: image", '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">', ""],
  ["/static/ is not a beacon", '<img src="/static/pic.gif">', "![](https://blog.example.cn/static/pic.gif)"],
  [
    "WeChat lazy data-src behind a data: placeholder",
    '<img src="data:image/svg+xml,%3Csvg%3E" data-src="https://mmbiz.qpic.cn/mmbiz_png/abc/640?wx_fmt=png">',
    "![](https://mmbiz.qpic.cn/mmbiz_png/abc/640?wx_fmt=png)",
  ],
  ["Zhihu data-actualsrc", '<img data-actualsrc="//pic1.zhimg.com/v2-x.jpg" alt="配图">', "![配图](https://pic1.zhimg.com/v2-x.jpg)"],
  ["form controls", '<form action="/x"><input value="v"><button>提交</button><textarea>t</textarea></form>留言', "留言"],
  ["unknown tags unwrapped", "<p><span style='color:red'>红<font>字</font></span><mpvoice>语音</mpvoice></p>", "红字语音"],
  ["mailto link", '<a href="mailto:hi@example.cn">写信</a>', "[写信](mailto:hi@example.cn)"],
];

describe("htmlToMarkdown: sanitizing", () => {
  it.each(SANITIZE_CASES)("drops or neutralizes %s", (_, html, expected) => {
    expect(md(html)).toBe(expected);
  });

  it("never leaves javascript:, a script tag or an event handler in the Markdown or its rendering", () => {
    for (const [, html] of SANITIZE_CASES) {
      const markdown = md(html);
      const rendered = render(markdown);
      expect(markdown).not.toMatch(/javascript:/i);
      expect(rendered).not.toMatch(/<script|<svg|<iframe|onerror|onload|javascript:/i);
    }
  });
});

describe("htmlToMarkdown: Markdown", () => {
  it.each([
    ["headings", "<h1>一级</h1><h3>三级 <em>强调</em></h3>", "# 一级\n\n### 三级 *强调*"],
    ["inline styles", "<p><strong>粗</strong><b>体</b>、<em>斜</em>、<del>删</del>、<code>x &lt; y</code></p>", "**粗****体**、*斜*、~~删~~、`x < y`"],
    ["whitespace collapsed, emphasis kept tight", "<p>  多个\n\n  空格 <b> 粗体 </b>  结束 </p>", "多个 空格 **粗体** 结束"],
    ["line breaks", "<p>第一行<br>第二行<br><br>新段落</p>", "第一行\\\n第二行\n\n新段落"],
    ["relative and protocol-relative links", '<a href="../about">关于</a> <a href="//cdn.example.cn/a">CDN</a>', "[关于](https://blog.example.cn/about) [CDN](https://cdn.example.cn/a)"],
    ["a link without text", '<a href="https://example.cn/a_(b)"></a>', "[https://example.cn/a\\_(b)](https://example.cn/a_%28b%29)"],
    ["an image inside a link", '<a href="/big.png"><img src="/small.png" alt="小"></a>', "[![小](https://blog.example.cn/small.png)](https://blog.example.cn/big.png)"],
    ["hr", "<p>上</p><hr><p>下</p>", "上\n\n---\n\n下"],
    ["nested blockquotes", "<blockquote><p>引用</p><blockquote>嵌套</blockquote></blockquote>", "> 引用\n>\n> > 嵌套"],
    ["nested lists", "<ul><li>一<ul><li>一.一</li><li>一.二</li></ul></li><li>二</li></ul>", "- 一\n  - 一.一\n  - 一.二\n- 二"],
    ["ordered list from start", '<ol start="9"><li>九</li><li>十<ol><li>十.一</li></ol></li><li>十一</li></ol>', "9. 九\n10. 十\n    1. 十.一\n11. 十一"],
    ["list item with paragraphs", "<ol><li><p>第一段</p><p>第二段</p></li></ol>", "1. 第一段\n\n   第二段"],
    [
      "code block with backticks and a language",
      '<pre><code class="language-ts">const s = `${a}`;\n// ``` 不是结束\n\n\nreturn s;</code></pre>',
      "````ts\nconst s = `${a}`;\n// ``` 不是结束\n\n\nreturn s;\n````",
    ],
    ["code block with <br> and lang- class", '<pre class="lang-python">a = 1<br>b = 2</pre>', "```python\na = 1\nb = 2\n```"],
    ["inline code with backticks", "<p><code>a`b</code> 和 <code>`x`</code></p>", "``a`b`` 和 `` `x` ``"],
    [
      "table with a pipe and a line break",
      "<table><thead><tr><th>命令</th><th>说明</th></tr></thead><tbody><tr><td><code>a | b</code></td><td>管道<br>连接</td></tr><tr><td>x|y</td></tr></tbody></table>",
      "| 命令 | 说明 |\n| --- | --- |\n| `a \\| b` | 管道 连接 |\n| x\\|y |  |",
    ],
    ["table without thead", "<table><tr><td>甲</td><td>乙</td></tr><tr><td>1</td><td>2</td></tr></table>", "| 甲 | 乙 |\n| --- | --- |\n| 1 | 2 |"],
    ["layout table of one cell", "<table><tr><td><p>只是排版</p></td></tr></table>", "只是排版"],
    ["layout table of one row", "<table><tr><td><a href='https://a.cn/p'><img src='https://a.cn/t.jpg' alt='缩略图'></a></td><td>作者 <a href='https://a.cn/u'>小林</a><br><a href='https://a.cn/c'>[评论]</a></td></tr></table>", "[![缩略图](https://a.cn/t.jpg)](https://a.cn/p)\n\n作者 [小林](https://a.cn/u)\\\n[\\[评论\\]](https://a.cn/c)"],
    ["header-only table stays a table", "<table><tr><th>甲</th><th>乙</th></tr></table>", "| 甲 | 乙 |\n| --- | --- |"],
    ["figure with caption", '<figure><img src="f.jpg" alt="图一"><figcaption>图一：示意</figcaption></figure>', "![图一](https://blog.example.cn/posts/f.jpg)\n\n*图一：示意*"],
  ])("%s", (_, html, expected) => {
    expect(md(html)).toBe(expected);
  });

  it("renders lists, tables and code as their elements", () => {
    const html = render(md("<ol start='3'><li>丙<ul><li>子</li></ul></li></ol><table><tr><th>a|b</th></tr><tr><td>1</td></tr></table><pre><code>x ``` y</code></pre>"));
    expect(html).toContain('<ol start="3">\n<li>丙\n<ul>\n<li>子</li>');
    expect(html).toContain("<th>a|b</th>");
    expect(html).toContain("<pre><code>x ``` y\n</code></pre>");
  });

  it("keeps literal <script> text, Markdown syntax and entities as inert text", () => {
    const html = [
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
      "<p># 不是标题</p><p>1. 不是列表</p><p>- 也不是</p><p>&gt; 不是引用</p>",
      "<p>*不是斜体* _也不是_ [不是链接](/x) ![不是图](y) 约 3~5 天 `反引号` &amp;amp; &amp;#60;</p>",
      "<p>javascript:alert(1) 只是文字</p>",
    ].join("");
    const markdown = md(html);
    expect(markdown).not.toMatch(/(^|[^\\])<script/);
    expect(markdown).not.toMatch(/javascript:/i);
    expect(markdown.split("\n\n").slice(0, 5)).toEqual([
      "\\<script\\>alert(1)\\</script\\>",
      "\\# 不是标题",
      "1\\. 不是列表",
      "\\- 也不是",
      "\\> 不是引用",
    ]);
    const rendered = render(markdown);
    expect(rendered).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(rendered).toContain("*不是斜体* _也不是_ [不是链接](/x) ![不是图](y) 约 3~5 天 `反引号` &amp;amp; &amp;#60;");
    expect(rendered).toContain("javascript:alert(1) 只是文字");
    expect(rendered).not.toMatch(/<(h1|ol|ul|blockquote|em|a|img|del|code)\b/);
  });

  it("survives absurdly deep nesting by flattening it to text", () => {
    const html = `${"<div><b>".repeat(3000)}深<script>x()</script>${"</b></div>".repeat(3000)}`;
    expect(htmlToMarkdown(html, BASE)).toMatchObject({ markdown: "**深**", text: "深" });
  });

  it("has no more than one blank line in a row and no surrounding whitespace", () => {
    const markdown = md("<div>\n\n<p>甲</p>\n\n<div><p></p><p><br></p></div>\n\n<p>乙</p>\n</div>");
    expect(markdown).toBe("甲\n\n乙");
  });
});

describe("htmlToMarkdown: cover, summary, text", () => {
  it("takes the first surviving image as the cover", () => {
    const result = htmlToMarkdown('<img src="/p.gif" width="1"><p><img data-src="/real.jpg"></p>', BASE);
    expect(result.cover).toBe("https://blog.example.cn/real.jpg");
    expect(htmlToMarkdown("<p>没有图</p>", BASE).cover).toBeNull();
  });

  it("summarizes the first paragraph of at least 20 characters", () => {
    const result = htmlToMarkdown("<p>短导语。</p><p>这一段足够长，可以作为文章的摘要来展示给读者看。</p><p>后面的段落。</p>", BASE);
    expect(result.summary).toBe("这一段足够长，可以作为文章的摘要来展示给读者看。");
    expect(htmlToMarkdown("<p>太短了</p>", BASE).summary).toBeNull();
  });

  it("cuts a long summary at a sentence end, else at a character, with an ellipsis", () => {
    const sentence = "这是一句二十个字左右的中文句子用来凑长度。";
    const long = htmlToMarkdown(`<p>${sentence.repeat(12)}</p>`, BASE).summary!;
    expect(Array.from(long).length).toBeLessThanOrEqual(200);
    expect(long).toBe(`${sentence.repeat(9).slice(0, -1)}…`);
    const unbroken = htmlToMarkdown(`<p>${"字".repeat(300)}</p>`, BASE).summary!;
    expect(unbroken).toBe(`${"字".repeat(199)}…`);
    const emoji = htmlToMarkdown(`<p>${"👍🏽".repeat(250)}</p>`, BASE).summary!;
    expect(emoji).toBe(`${"👍🏽".repeat(199)}…`);
  });

  it("gives the whole text for search, without dropped elements", () => {
    const result = htmlToMarkdown("<h2>标题</h2><p>第一段<script>x()</script></p><ul><li>一</li><li>二</li></ul><table><tr><td>格</td></tr></table>", BASE);
    expect(result.text).toBe("标题 第一段 一 二 格");
  });
});

describe("htmlToMarkdown: a whole article", () => {
  it("converts a WeChat-style article", () => {
    const html = readFileSync(new URL("./fixtures/wechat-article.html", import.meta.url), "utf8");
    expect(htmlToMarkdown(html, "https://mp.weixin.qq.com/s/abc")).toEqual({
      markdown: readFileSync(new URL("./fixtures/wechat-article.md", import.meta.url), "utf8").trim(),
      cover: "https://mmbiz.qpic.cn/mmbiz_jpg/cover/640?wx_fmt=jpeg",
      summary: "春天来了，城市里的书店也迎来了新一轮的读书季。我们走访了五家独立书店，听店主们讲他们的故事。",
      text: expect.stringContaining("春天来了"),
    });
  });
});

describe("blockText: the text of a sanitized body as paragraphs", () => {
  it("keeps blocks apart by a blank line, lines at <br>, list items, table rows and code lines", () => {
    const body = sanitizeHtml(
      `<h2>标题</h2><p>第一段，<b>加粗</b>的字
        和换行的源码。</p><p>第二段<br>第二行</p><ul><li>一</li><li>二</li></ul>
      <table><tr><th>名</th><th>值</th></tr><tr><td>甲</td><td>1</td></tr></table><pre><code>a = 1
b = 2</code></pre><script>x()</script>`,
      BASE,
    );
    expect(blockText(body)).toBe("标题\n\n第一段，加粗的字 和换行的源码。\n\n第二段\n第二行\n\n一\n二\n\n名 值\n甲 1\n\na = 1\nb = 2");
  });
});
