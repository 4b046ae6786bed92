// Waiting for a page to have nothing left to do, instead of waiting a fixed time: for checks that something did
// NOT happen (no prefetch, no injected handler ran), the event to wait for is the page going quiet.
import type { Page } from "@playwright/test";

/**
 * Resolves once the page's network has been quiet (Playwright's networkidle: no request for 500 ms) and, after it,
 * a frame, a turn of the event loop and another frame: by then the load and error events of what the page asked
 * for and the handlers queued before have run. (Not `img.complete`: an image whose address never answers stays
 * incomplete; not requestIdleCallback: a page with an open, animated menu is never idle.)
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => resolve(null)), 0)),
      ),
  );
}

/** Resolves once the page's running CSS transitions (a change of colour scheme) have finished. */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null))),
  );
}

/**
 * Resolves once React has hydrated the page's header: the light/dark switch gets its title only then (it is drawn
 * by the server without one). A link clicked before that can be lost — Next.js's Link takes the click from the
 * browser and hands it to a router that has not started yet (once in CI: the footer's 隐私政策 left the reader on /).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.getByTestId("theme-toggle").and(page.locator("[title]")).first().waitFor();
}
