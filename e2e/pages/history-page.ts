import { expect, type Locator, type Page } from "@playwright/test";

/** /history (浏览历史): filters, day groups, entries and their controls. */
export class HistoryPage {
  readonly items: Locator;
  readonly total: Locator;
  readonly list: Locator;
  readonly clearAll: Locator;
  readonly loadMore: Locator;
  readonly empty: Locator;
  readonly discover: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId("history-item");
    this.total = page.getByTestId("history-total");
    this.list = page.getByTestId("history-list");
    this.clearAll = page.getByRole("button", { name: "清空历史" });
    this.loadMore = page.getByRole("button", { name: "加载更多" });
    this.empty = page.getByText("还没有浏览记录");
    this.discover = page.getByRole("link", { name: "去发现" });
  }

  async goto() {
    await this.page.goto("/history");
    await expect(this.page.getByRole("heading", { name: "浏览历史", level: 1 })).toBeVisible();
  }

  filter(label: "今天" | "近一周" | "近一月" | "全部"): Locator {
    return this.page.getByRole("group", { name: "时间范围" }).getByRole("button", { name: label, exact: true });
  }

  /** Picks a time range and waits until the list for it has arrived. */
  async pickFilter(label: "今天" | "近一周" | "近一月" | "全部") {
    if ((await this.filter(label).getAttribute("aria-pressed")) === "true") return;
    const loaded = this.page.waitForResponse((r) => r.url().includes("/user-read-history/my-history") && r.ok());
    await this.filter(label).click();
    await loaded;
    await expect(this.filter(label)).toHaveAttribute("aria-pressed", "true");
    await expect(this.list).not.toHaveAttribute("aria-busy", "true");
  }

  /** The day group headed `label` (今天, 昨天, "11月20日 星期五"). */
  day(label: string): Locator {
    return this.page.getByRole("region", { name: label, exact: true });
  }

  /** Entry titles in the order shown, in all of the list or in one day group. */
  titles(scope?: Locator): Promise<string[]> {
    return (scope ?? this.page).getByTestId("history-item").getByTestId("history-title").allInnerTexts();
  }

  item(title: string): Locator {
    return this.items.filter({ has: this.page.getByTestId("history-title").getByText(title, { exact: true }) });
  }

  favorite(item: Locator): Locator {
    return item.getByRole("button", { name: "收藏", exact: true });
  }

  remove(item: Locator): Locator {
    return item.getByRole("button", { name: "删除", exact: true });
  }

  expand(item: Locator): Locator {
    return item.getByRole("button", { name: "展开", exact: true });
  }

  collapse(item: Locator): Locator {
    return item.getByRole("button", { name: "收起", exact: true });
  }

  detail(item: Locator): Locator {
    return item.getByTestId("history-detail");
  }

  /** The value behind a counter (点赞, 评论, 浏览, 收藏) of an expanded entry (shown as "2.8万" when large). */
  counter(item: Locator, label: "点赞" | "评论" | "浏览" | "收藏"): Locator {
    return item.getByTestId(`count-${label}`).locator("dd");
  }

  async count(item: Locator, label: "点赞" | "评论" | "浏览" | "收藏"): Promise<number> {
    return Number(await this.counter(item, label).getAttribute("data-value"));
  }
}
