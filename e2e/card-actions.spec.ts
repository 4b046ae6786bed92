import { expect, test, type Locator } from "./support/fixtures";
import { MSG } from "../lib/messages";
import { RegisterPage, uniqueName } from "./pages/auth-pages";
import { cardActions, HomePage } from "./pages/home-page";

const count = async (l: Locator) => Number(await l.innerText());

/** The first card whose counters show plain numbers (under 10,000, not "1.2万"), so ±1 is visible. */
async function plainCard(home: HomePage): Promise<Locator> {
  await expect(home.articles.first()).toBeVisible();
  for (let i = 0; i < (await home.articles.count()); i++) {
    const a = cardActions(home.articles.nth(i));
    if (/^\d+$/.test(await a.likeCount.innerText()) && /^\d+$/.test(await a.favoriteCount.innerText())) return home.articles.nth(i);
  }
  throw new Error("no card with plain counters");
}

test("a signed-in reader likes and favourites from a card, and the marks survive a new page load", async ({ page }) => {
  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("liker"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const home = new HomePage(page);
  const card = await plainCard(home);
  const title = await card.getByTestId("article-title").innerText();
  const actions = cardActions(card);
  const likes = await count(actions.likeCount);
  await actions.like.click();
  await expect(actions.like).toHaveAttribute("aria-pressed", "true");
  await expect(actions.likeCount).toHaveText(String(likes + 1));
  const favorites = await count(actions.favoriteCount);
  await actions.bookmark.click();
  await expect(actions.bookmark).toHaveAttribute("aria-pressed", "true");
  await expect(actions.favoriteCount).toHaveText(String(favorites + 1));

  // The marks are the server's: the card shows them again on a new page load. Found by a search for its title,
  // because the home feed itself moves after a like (it follows the reader's interests: docs/recommendations.md).
  const found = `/?q=${encodeURIComponent(title)}`;
  await page.goto(found);
  const again = cardActions(home.articles.filter({ hasText: title }).first());
  await expect(again.like).toHaveAttribute("aria-pressed", "true");
  await expect(again.bookmark).toHaveAttribute("aria-pressed", "true");
  await expect(again.likeCount).toHaveText(String(likes + 1));

  await page.goto("/likes");
  await expect(page.getByTestId("record-item").first()).toContainText(title);
  await page.goto("/favorites");
  await expect(page.getByTestId("record-item").first()).toContainText(title);

  await page.goto(found);
  const back = cardActions(home.articles.filter({ hasText: title }).first());
  await back.like.click();
  await expect(back.like).toHaveAttribute("aria-pressed", "false");
  await expect(back.likeCount).toHaveText(String(likes));
  await back.bookmark.click();
  await expect(back.bookmark).toHaveAttribute("aria-pressed", "false");
});

test("a visitor who likes, comments or bookmarks is asked to log in", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  const actions = cardActions(home.articles.first());
  const before = await actions.likeCount.innerText();
  const messages: string[] = [];
  page.on("dialog", (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  await actions.like.click();
  await actions.comment.click();
  await actions.bookmark.click();
  await expect.poll(() => messages).toEqual([MSG.interactNeedsLogin, MSG.interactNeedsLogin, MSG.interactNeedsLogin]);
  await expect(actions.likeCount).toHaveText(before);
  await expect(actions.like).toHaveAttribute("aria-pressed", "false");
  page.removeAllListeners("dialog");
  page.once("dialog", (d) => void d.accept());
  await actions.like.click();
  await expect(page).toHaveURL(/\/login\/sms\?redirect=%2F$/);
});

test("signing out clears the marks on the cards", async ({ page }) => {
  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("marks"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const home = new HomePage(page);
  const actions = cardActions(home.articles.first());
  await actions.like.click();
  await expect(actions.like).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => {
    document.cookie = "shiyue_token=; Path=/; Max-Age=0";
    localStorage.removeItem("shiyue_user");
    window.dispatchEvent(new StorageEvent("storage", { key: "shiyue_user" }));
  });
  await expect(cardActions(home.articles.first()).like).toHaveAttribute("aria-pressed", "false");
});
