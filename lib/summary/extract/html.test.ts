import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "@/lib/ingest/html-markdown";
import { extractArticle, mediaTracks } from "./html";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("extractArticle", () => {
  it("reads a news article with its metadata", () => {
    const article = extractArticle(fixture("news.html"), "https://news.example.cn/city/2024/0305.html")!;
    expect(article.title).toBe("江南小城试行“夜间公交” 首月客流超预期");
    expect(article.byline).toBe("林晓雯");
    expect(article.siteName).toBe("清溪日报");
    expect(article.publishedAt).toBe("2024-03-05T00:30:00.000Z");
    expect(article.markdown).toContain("## 需求来自哪里");
    expect(article.markdown).toContain("## 运营成本如何平衡");
    expect(article.text).toContain("首月累计运送乘客四万二千余人次");
    expect(article.text).toMatch(/高出近三成。\n\n夜间公交每晚/);
    for (const noise of ["window.__tracking", "color: red", "登录", "版权所有"]) expect(article.text).not.toContain(noise);
    // the title is returned on its own, not repeated as the first heading
    expect(article.markdown).not.toContain("## 江南小城");
  });

  it("keeps code and lists of a tech blog and drops its sidebar", () => {
    const article = extractArticle(fixture("tech-blog.html"), "https://blog.example.cn/posts/queue")!;
    expect(article.title).toBe("用 TypeScript 写一个小型任务队列");
    expect(article.byline).toBe("山风");
    expect(article.siteName).toBe("山风的技术笔记");
    expect(article.publishedAt).toBe("2023-11-17T16:00:00.000Z"); // <time datetime="2023-11-18">: that day in Beijing
    expect(article.markdown).toContain("## 表结构设计");
    expect(article.markdown).toContain("```ts\nasync function claimTask(db: Db, now: Date) {");
    expect(article.markdown).toContain("  return db.update(tasks)");
    expect(article.markdown).toContain("`FOR UPDATE SKIP LOCKED`");
    expect(article.markdown).toContain("**租约到期时间**");
    expect(article.markdown).toContain("- 状态：等待、运行中、完成、失败\n- 重试次数上限为五次");
    expect(article.text).toContain("async function claimTask");
    expect(article.text).not.toContain("**");
    for (const noise of ["侧栏", "热门标签", "app.js"]) {
      expect(article.text).not.toContain(noise);
      expect(article.markdown).not.toContain(noise);
    }
  });

  it("drops comments and ads", () => {
    const article = extractArticle(fixture("comments-ads.html"), "https://travel.example.cn/ginkgo")!;
    expect(article.title).toBe("秋天去哪里看银杏？五个小众去处推荐");
    expect(article.byline).toBe("周末去哪儿编辑部");
    expect(article.siteName).toBe("周末去哪儿");
    expect(article.publishedAt).toBe("2024-10-20T02:00:00.000Z");
    expect(article.markdown).toContain("## 二、大学校园的银杏大道");
    expect(article.text).toContain("雨后第二天的落叶最完整");
    for (const noise of ["广告", "赞助内容", "评论", "推广"]) expect(article.text).not.toContain(noise);
  });

  it("returns null when nothing is readable", () => {
    expect(extractArticle("<html><head><title>空页面</title></head><body><p>加载中……</p></body></html>", "https://x.cn/")).toBeNull();
    expect(extractArticle("", "https://x.cn/")).toBeNull();
  });

  it("reads a page's dates as the feed reader does: a date without a zone is Beijing time", () => {
    const page = (date: string) =>
      `<html><head><title>日期</title><meta property="article:published_time" content="${date}"></head><body><article><p>${"这是一段足够长的正文，用来让页面有可以读的内容。".repeat(4)}</p></article></body></html>`;
    expect(extractArticle(page("2024-03-05T08:30:00+08:00"), "https://x.cn/")!.publishedAt).toBe("2024-03-05T00:30:00.000Z");
    expect(extractArticle(page("2024-03-05 08:30"), "https://x.cn/")!.publishedAt).toBe("2024-03-05T00:30:00.000Z");
    expect(extractArticle(page("2024年3月5日 08:30"), "https://x.cn/")!.publishedAt).toBe("2024-03-05T00:30:00.000Z");
    expect(extractArticle(page("Tue, 05 Mar 2024 08:30:00 CST"), "https://x.cn/")!.publishedAt).toBe("2024-03-05T00:30:00.000Z");
    expect(extractArticle(page("昨天"), "https://x.cn/")!.publishedAt).toBeNull();
  });

  it("escapes its Markdown as a collected article's is escaped: the text stays literal", () => {
    const article = `<h2>不是标题的井号</h2>
<p># 这一行以井号开头，却不是标题。</p>
<p>2024. 这一行以数字和点开头，却不是列表。</p>
<p>- 这一行以连字符开头，也不是列表。</p>
<p>公式 a*b*c 与 snake_case_name 里的符号、[方括号](不是链接) 和 &lt;script&gt;alert(1)&lt;/script&gt; 都是正文。</p>
<p>点 <a href="javascript:alert(1)">这里</a> 不会执行脚本，<a href="/docs?a=1&amp;b=(2)">文档</a>是真的链接，反引号 \` 原样保留。</p>
<p><strong>加粗</strong>、<em>强调</em>与 <code>a * b</code> 才是格式。</p>`;
    const html = `<html><head><title>转义</title></head><body><article>${article}</article></body></html>`;
    const { markdown, text } = extractArticle(html, "https://blog.example.cn/posts/escape")!;
    // The same body through the feed collector's writer gives the same Markdown.
    expect(markdown).toBe(htmlToMarkdown(article, "https://blog.example.cn/posts/escape").markdown);
    expect(markdown.split("\n\n")).toEqual([
      "## 不是标题的井号",
      "\\# 这一行以井号开头，却不是标题。",
      "2024\\. 这一行以数字和点开头，却不是列表。",
      "\\- 这一行以连字符开头，也不是列表。",
      "公式 a\\*b\\*c 与 snake\\_case\\_name 里的符号、\\[方括号\\](不是链接) 和 \\<script\\>alert(1)\\</script\\> 都是正文。",
      "点 这里 不会执行脚本，[文档](https://blog.example.cn/docs?a=1&b=%282%29)是真的链接，反引号 \\` 原样保留。",
      "**加粗**、*强调*与 `a * b` 才是格式。",
    ]);
    expect(text).toContain("公式 a*b*c 与 snake_case_name 里的符号、[方括号](不是链接) 和 <script>alert(1)</script> 都是正文。");
  });
});

describe("mediaTracks", () => {
  it("finds media sources and subtitle tracks as absolute URLs", () => {
    const { media, tracks } = mediaTracks(fixture("video-page.html"), "https://example.cn/v/page.html");
    expect(media).toEqual([
      { url: "https://example.cn/media/sorting.mp4", kind: "video", type: "video/mp4" },
      { url: "https://cdn.example.cn/media/sorting.webm", kind: "video", type: "video/webm" },
      { url: "https://example.cn/audio/sorting-narration.mp3", kind: "audio", type: null },
    ]);
    expect(tracks).toEqual([
      { url: "https://example.cn/v/subs/sorting.zh.vtt", kind: "subtitles", srclang: "zh", label: "中文" },
      { url: "https://cdn.example.cn/subs/sorting.en.srt", kind: "captions", srclang: "en", label: "English" },
    ]);
  });

  it("finds nothing on a page without media", () => {
    expect(mediaTracks(fixture("news.html"), "https://x.cn/")).toEqual({ media: [], tracks: [] });
  });
});
