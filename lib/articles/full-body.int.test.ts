// The server function a feed card calls on its first expansion: the whole body of a visible article,
// rendered by the site's markdown renderer; nothing for a hidden, unknown or malformed id.
import { eq } from "drizzle-orm";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { loadFullBody } from "./full-body";

const BODY = [
  "第一段，折叠时就能看到。",
  "## 第二节",
  ["```ts", 'const answer: number = 42;', "```"].join("\n"),
  ["| 指标 | 数值 |", "|---|---|", "| 延迟 | 12 ms |"].join("\n"),
  "<script>window.__xss = 1</script>",
  "[坏链接](javascript:alert(1)) 与 [原文](https://example.com/full)",
  "最后一段只在展开后出现。",
].join("\n\n");

let visibleId: number;
let hiddenId: number;
let emptyId: number;

beforeAll(async () => {
  const db = await getDb();
  const row = (n: string, content: string) => ({ title: `全文 ${n}`, content, sourceUrl: `https://example.com/full-body/${n}`, publishedAt: new Date() });
  [{ id: visibleId }, { id: hiddenId }, { id: emptyId }] = await db
    .insert(articles)
    .values([row("visible", BODY), row("hidden", BODY), row("empty", "")])
    .returning({ id: articles.id });
  await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, hiddenId));
});

describe("loadFullBody", () => {
  it("renders the whole body of a visible article: headings, code, tables, safe links, no raw HTML", async () => {
    const html = renderToStaticMarkup(createElement(Fragment, null, await loadFullBody(visibleId)));
    expect(html).toContain("最后一段只在展开后出现。");
    expect(html).toMatch(/<h2>第二节<\/h2>/);
    expect(html).toMatch(/<pre[^>]*><code[^>]*>const answer: number = 42;/);
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('href="https://example.com/full" target="_blank" rel="noopener noreferrer nofollow"');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
  });

  it("answers nothing for a hidden article, an empty body or an unknown id", async () => {
    expect(await loadFullBody(hiddenId)).toBeNull();
    expect(await loadFullBody(emptyId)).toBeNull();
    expect(await loadFullBody(2_000_000_000)).toBeNull();
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2, "1", null, { id: 1 }])("answers nothing for a malformed id %j (a client can send anything)", async (id) => {
    expect(await loadFullBody(id as number)).toBeNull();
  });
});
