// The cards of /likes, /favorites and /history for an article an operator took down (issue 28, row 2): the
// title with 已下线, no body, no summary, no cover, no counters, no link to the source, no expanding; the
// unlike, unfavourite and remove actions stay.
import { parseHTML } from "linkedom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ApiArticle, UnavailableArticle } from "@/lib/articles/serialize";
import { FavoriteCard } from "./favorites-list";
import { HistoryItem } from "./history-item";
import { LikeCard } from "./likes-list";

const taken: UnavailableArticle = {
  id: 7,
  title: "已被下线的文章",
  content: null,
  summary: null,
  cover_image: null,
  author_name: null,
  platform_name: null,
  source_platform: null,
  source_url: null,
  create_time: 1_700_000_000,
  like_cnt: 0,
  comment_cnt: 0,
  favorite_cnt: 0,
  view_cnt: 0,
  is_liked: true,
  is_favorited: true,
  unavailable: true,
};
const live: ApiArticle = {
  ...taken,
  title: "仍在线的文章",
  content: "正文",
  summary: "摘要",
  cover_image: "https://img.example.com/c.png",
  author_name: "作者",
  platform_name: "juejin",
  source_platform: "掘金",
  source_url: "https://example.com/live",
  like_cnt: 612,
  view_cnt: 4096,
  unavailable: undefined,
};

const noop = async () => {};
const dom = (element: React.ReactElement) => parseHTML(`<html><body>${renderToStaticMarkup(element)}</body></html>`).document;
const buttons = (d: Document) => Array.from(d.querySelectorAll("button"), (b) => b.getAttribute("aria-label") ?? b.textContent?.trim());

describe("cards of a taken-down article", () => {
  it.each([
    ["likes", (article: ApiArticle | UnavailableArticle) => <LikeCard record={{ id: 1, created_at: "2026-11-20T08:00:00Z", article }} onUnlike={noop} />, ["取消点赞"]],
    ["favorites", (article: ApiArticle | UnavailableArticle) => <FavoriteCard record={{ id: 1, created_at: "2026-11-20T08:00:00Z", article }} onUnfavorite={noop} />, ["取消收藏"]],
  ] as const)("%s: the title with 已下线 and the remove action only", (_name, card, actions) => {
    const d = dom(card(taken));
    expect(d.querySelector('[data-testid="record-title"]')?.textContent).toBe("已被下线的文章已下线");
    expect(d.querySelector('[data-testid="unavailable-badge"]')).not.toBeNull();
    expect(d.querySelectorAll("a")).toHaveLength(0);
    expect(d.querySelector('[data-testid="record-cover"]')).toBeNull();
    expect(d.querySelector('[data-testid="record-item"]')?.getAttribute("class")).not.toContain("cursor-pointer");
    expect(d.body.textContent).not.toMatch(/暂无摘要|匿名用户|点赞\s*0|浏览/);
    expect(buttons(d)).toEqual(actions);

    // The same card of a visible article links its source and shows what it shows today.
    const visible = dom(card(live));
    expect(visible.querySelector("a")?.getAttribute("href")).toBe("https://example.com/live");
    expect(visible.querySelector('[data-testid="unavailable-badge"]')).toBeNull();
  });

  it("history: the title with 已下线 and the read time, no expanding, no source; unfavourite and remove stay", () => {
    const record = { id: 3, read_timestamp: "2026-11-20T08:00:00Z", read_times: 2, article: taken };
    const d = dom(<HistoryItem record={record} onChange={() => {}} onRemoved={() => {}} />);
    expect(d.querySelector('[data-testid="history-title"]')?.textContent).toBe("已被下线的文章已下线");
    expect(d.querySelectorAll("a")).toHaveLength(0);
    expect(d.querySelectorAll("img")).toHaveLength(0);
    expect(d.body.textContent).not.toMatch(/展开|查看原文|匿名用户/);
    expect(d.body.textContent).toContain("读过 2 次");
    expect(buttons(d)).toEqual(["收藏", "删除"]);
    expect(d.querySelector("button[aria-pressed]")?.getAttribute("aria-pressed")).toBe("true");
    // Not a favourite: it cannot be favourited again, only removed.
    const notFavourite = dom(<HistoryItem record={{ ...record, article: { ...taken, is_favorited: false } }} onChange={() => {}} onRemoved={() => {}} />);
    expect(buttons(notFavourite)).toEqual(["删除"]);
    // A visible article keeps its expand control.
    expect(dom(<HistoryItem record={{ ...record, article: live }} onChange={() => {}} onRemoved={() => {}} />).body.textContent).toContain("展开");
  });
});
