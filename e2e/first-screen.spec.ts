// Issue 22: what the first screen asks of the server and the main thread. Linked pages are fetched when the
// reader shows an intent to follow a link (components/ui/link.tsx), never merely because a link is on screen.
import { expect, test, type Page } from "./support/fixtures";
import { settle } from "./support/settle";

/** Router prefetches (RSC requests for other pages) the page made from loading until it went quiet. */
async function prefetchesOnLoad(page: Page, path: string) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.headers()["next-router-prefetch"] || new URL(r.url()).searchParams.has("_rsc")) seen.push(new URL(r.url()).pathname);
  });
  await page.goto(path, { waitUntil: "load" });
  await settle(page);
  return seen;
}

for (const path of ["/", "/login/sms", "/about", "/smart-summary"]) {
  test(`${path} loads without fetching the pages it links to`, async ({ page }) => {
    expect(await prefetchesOnLoad(page, path)).toEqual([]);
  });
}

// Desktop only (not tagged @phone): a phone has no hover, and the phone journeys follow links by tapping.
test("pointing at a link fetches its page ahead of the click, and following it works", async ({ page }) => {
  expect(await prefetchesOnLoad(page, "/login/sms")).toEqual([]);
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === "/register" && Boolean(r.headers()["next-router-prefetch"] || new URL(r.url()).searchParams.has("_rsc")));
  const link = page.getByRole("link", { name: /注册/ }).first();
  await link.hover();
  await asked;
  await link.click();
  await expect(page).toHaveURL(/\/register$/);
});
