import { expect, test, type Page, type TestInfo } from "./support/fixtures";
import type { ApiArticle } from "../lib/articles/serialize";
import { HomePage } from "./pages/home-page";
import { RecordsApi, signUp } from "./pages/records-pages";
import { SCHEMES, type Scheme } from "./pages/theme";
import { picture } from "./support/pictures";

// Personal recommendations (issue 31) in the browser, on the phone and the desktop, in both schemes: a reader's
// likes make page 1 of the home feed theirs, each card saying why; /profile lists the interest labels, removes
// one and turns personalisation off, which the account remembers and the home page follows.

const SHOTS = "test-results/recommend-shots";

async function shoot(page: Page, testInfo: TestInfo, name: string, scheme: Scheme) {
  await picture(page, `${SHOTS}/${name}-${testInfo.project.name}-${scheme}.png`, { fullPage: name === "profile" });
}

type Feed = { data: { items: (ApiArticle & { recommend_reason?: { kind: string; label?: string } })[] } };

/**
 * Likes articles until page 1 recommends something for one of their labels; that label. First a demo article that
 * teaches 「ai」 (two more of the demo's titles name it), then page 2 of the hot order: labels are a title's rarest
 * topic words, so most titles share none.
 */
async function likeUntilRecommended(page: Page, api: RecordsApi): Promise<string> {
  const all = await api.articles(64);
  const first = all.filter((a) => a.title.startsWith("孩子用 AI"));
  for (const article of [...first, ...all.slice(20, 40).filter((a) => !first.includes(a))]) {
    await api.like([article]);
    const feed = (await (await page.request.get("/api/v1/articles/?exclude_read=true", { headers: api.headers })).json()) as Feed;
    const reason = feed.data.items.find((a) => a.recommend_reason?.kind === "interest")?.recommend_reason;
    if (reason?.label) return reason.label;
  }
  throw new Error("no demo article shares a title word with the ones liked");
}

test("likes make page 1 the reader's own with a reason per card; /profile removes a label and turns it off", async ({ page }, testInfo) => {
  const api = new RecordsApi(page, await signUp(page, "recommend"));
  const label = await likeUntilRecommended(page, api);
  const home = new HomePage(page);
  const reasons = page.getByTestId("recommend-reason");
  const card = page.getByTestId("interests-card");
  const switchButton = page.getByRole("switch", { name: "个性化推荐" });

  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await home.goto();
    await expect(reasons.filter({ hasText: `因为你喜欢「${label}」相关文章` }).first()).toBeVisible();
    await expect(reasons.filter({ hasText: /^热门$/ }).first()).toBeAttached();
    await shoot(page, testInfo, "home", scheme);

    await page.goto("/profile");
    await expect(card.getByRole("heading", { name: "个性化推荐" })).toBeVisible();
    await expect(switchButton).toHaveAttribute("aria-checked", "true");
    await expect(card.getByTestId("interest-labels").getByText(label, { exact: true })).toBeVisible();
    await shoot(page, testInfo, "profile", scheme);
  }

  // Removing the label: gone from the list, and from the reasons on the home page.
  await card.getByRole("button", { name: `删除兴趣标签「${label}」` }).click();
  await expect(card.getByText(label, { exact: true })).toHaveCount(0);
  await home.goto();
  await expect(home.articles.first()).toBeVisible();
  await expect(reasons.filter({ hasText: `「${label}」` })).toHaveCount(0);

  // Off, with labels left: remembered on the account, and the home page is the plain hot order (no reasons).
  await page.goto("/profile");
  await switchButton.click();
  await expect(switchButton).toHaveAttribute("aria-checked", "false");
  await expect(card).toContainText("已关闭：首页按热度排序");
  await page.reload();
  await expect(switchButton).toHaveAttribute("aria-checked", "false");
  await expect(card.getByTestId("interest-labels").getByRole("listitem").first()).toBeVisible();
  await home.goto();
  await expect(home.articles.first()).toBeVisible();
  await expect(reasons).toHaveCount(0);

  // 全部清除, confirmed: no labels left.
  await page.goto("/profile");
  page.once("dialog", (d) => void d.accept());
  await card.getByRole("button", { name: "全部清除" }).click();
  await expect(card).toContainText("还没有兴趣标签");
});
