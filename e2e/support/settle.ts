// Waiting for a page to have nothing left to do, instead of waiting a fixed time: for checks that something did
// NOT happen (no prefetch, no injected handler ran), the event to wait for is the page going quiet.
import type { Page } from "@playwright/test";

/**
 * Resolves once the page's network has been quiet (Playwright's networkidle: no request for 500 ms) and a round
 * of idle callbacks and an animation frame ran after it: by then every load or error event of what the page
 * asked for has been dispatched. (Not `img.complete`: an image whose address never answers stays incomplete.)
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => resolve(null)))));
}

/** Resolves once the page's running CSS transitions (a change of colour scheme) have finished. */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null))),
  );
}
