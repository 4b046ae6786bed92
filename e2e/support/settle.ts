// Waiting for a page to have nothing left to do, instead of waiting a fixed time: for checks that something did
// NOT happen (no prefetch, no injected handler ran), the event to wait for is the page going quiet.
import type { Page } from "@playwright/test";

/**
 * Resolves once the page's network has been quiet (Playwright's networkidle: no request for 500 ms), every image
 * that is not lazy has loaded or failed (so each onerror has fired; a lazy one off screen is never fetched), and a
 * round of idle callbacks and an animation frame ran.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.loading === "lazy"));
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => resolve(null)))));
}

/** Resolves once the page's running CSS transitions (a change of colour scheme) have finished. */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null))),
  );
}
