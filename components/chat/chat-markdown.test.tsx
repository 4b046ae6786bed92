import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatMarkdown, fenceIsClosed } from "./chat-markdown";

const html = (text: string, final = false) => renderToStaticMarkup(<ChatMarkdown text={text} final={final} />);

describe("chat markdown", () => {
  it("knows whether a fenced block has its closing fence yet", () => {
    const open = "前言\n\n```mermaid\nflowchart LR\n  A --> B";
    expect(fenceIsClosed(open, open.indexOf("```"), open.length)).toBe(false);
    const closed = `${open}\n\`\`\`\n`;
    expect(fenceIsClosed(closed, closed.indexOf("```"), closed.lastIndexOf("```") + 3)).toBe(true);
    expect(fenceIsClosed("```", 0, 3)).toBe(false);
    expect(fenceIsClosed("````mermaid\nA\n```", 0, 18)).toBe(false); // a shorter fence does not close
    expect(fenceIsClosed("~~~\ncode\n~~~", 0, 12)).toBe(true);
    expect(fenceIsClosed("> ```\n> a\n> ```", 2, 15)).toBe(true);
    expect(fenceIsClosed("    indented code", 0, 17)).toBe(true);
  });

  it("waits for a mermaid block to close (or the reply to end) before drawing it", () => {
    expect(html("```mermaid\nflowchart LR\n  A --> B")).toContain('data-testid="mermaid-pending"');
    expect(html("```mermaid\nflowchart LR\n  A --> B")).toContain("图表生成中");
    expect(html("```mermaid\nflowchart LR\n  A --> B\n```")).toContain("正在绘制图表");
    expect(html("```mermaid\nflowchart LR\n  A --> B", true)).toContain("正在绘制图表");
  });

  it("renders GFM and line breaks, code with a copy button, and no raw HTML or script links", () => {
    const out = html('第一行\n第二行\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>\n\n[点我](javascript:alert(1))\n\n```ts\nconst x = 1;\n```', true);
    expect(out).toContain("第一行<br/>");
    expect(out).toContain('<table tabindex="0">');
    expect(out).toContain('<pre tabindex="0" role="group" aria-label="代码">');
    expect(out).not.toContain("<script");
    expect(out).not.toContain('href="javascript:');
    expect(out).toContain('data-testid="code-block"');
    expect(out).toContain("复制");
  });

  it("opens outside links in a new tab and keeps the site's own links in this one", () => {
    const out = html("[外部](https://example.com/) [站内](/articles/3)", true);
    expect(out).toContain('href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow"');
    expect(out).toMatch(/<a href="\/articles\/3">站内<\/a>/);
  });
});
