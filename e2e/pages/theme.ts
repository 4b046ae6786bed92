import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { THEME_COLOR_METAS, THEME_STORAGE_KEY } from "../../lib/theme/constants";

export { THEME_STORAGE_KEY };
export type Scheme = "light" | "dark";
export const SCHEMES: Scheme[] = ["light", "dark"];

/**
 * Installed in every document of the page before its own scripts (an init script, so the page's CSP does
 * not apply): `__lum(color)`, the relative luminance (0 black … 1 white) of a CSS colour as the browser
 * paints it (drawn on a 1×1 canvas, so oklch() and color-mix() count too; NaN when transparent), and
 * `__theme`, a record from the document's start of how `data-theme` on <html> changes, what it was when
 * <body> was parsed, and the body's background luminance in the first animation frame (before the first
 * paint).
 */
const WATCH = `(() => {
  const lum = (color) => {
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    if (a === 0) return NaN;
    const lin = (v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const theme = { changes: [], atBody: undefined, firstFrame: undefined };
  Object.assign(window, { __lum: lum, __theme: theme });
  const shown = () => document.documentElement?.dataset.theme ?? null;
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") theme.changes.push(shown());
      else if (theme.atBody === undefined && [...r.addedNodes].some((n) => n.nodeName === "BODY")) theme.atBody = shown();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-theme"] });
  const frame = () => {
    if (document.body) theme.firstFrame = lum(getComputedStyle(document.body).backgroundColor);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

type Watched = { __lum: (color: string) => number; __theme: { changes: (string | null)[]; atBody: string | null | undefined; firstFrame: number | undefined } };

/** Installs the luminance helper and the first-paint record (WATCH) in every page `page` opens. */
export async function watchTheme(page: Page) {
  await page.addInitScript(WATCH);
}

/** What the page's start looked like (after `watchTheme`): data-theme changes, at <body>, first frame. */
export function firstPaint(page: Page) {
  return page.evaluate(() => (window as unknown as Watched).__theme);
}

/** The header's light/dark switch and what the page shows (needs `watchTheme`). */
export class Theme {
  readonly toDark: Locator;
  readonly toLight: Locator;

  constructor(readonly page: Page) {
    const header = page.getByRole("banner");
    this.toDark = header.getByRole("button", { name: "切换到深色模式" });
    this.toLight = header.getByRole("button", { name: "切换到浅色模式" });
  }

  /**
   * Clicks the toggle to show `scheme`. The button is drawn by the server; its title appears once React has
   * hydrated it and it answers clicks.
   */
  async switchTo(scheme: Scheme) {
    const button = scheme === "dark" ? this.toDark : this.toLight;
    await expect(button).toHaveAttribute("title", scheme === "dark" ? "切换到深色模式" : "切换到浅色模式");
    await button.click();
  }

  /** `data-theme` on <html>: what the inline script (or the toggle) decided. */
  shown() {
    return this.page.evaluate(() => document.documentElement.dataset.theme ?? null);
  }

  stored() {
    return this.page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY);
  }

  /** The browser bar's colour the page asks for: the theme-color meta whose media matches now. */
  barColor() {
    return this.page.evaluate((selector) => [...document.querySelectorAll<HTMLMetaElement>(selector)].find((m) => !m.media || matchMedia(m.media).matches)?.content ?? null, THEME_COLOR_METAS);
  }

  /** Luminance of the page's background (the body's). */
  bodyLuminance() {
    return this.page.evaluate(() => (window as unknown as Watched).__lum(getComputedStyle(document.body).backgroundColor));
  }

  /** Luminance of a colour property of an element. */
  luminanceOf(locator: Locator, property: "fill" | "backgroundColor" | "color") {
    return locator.evaluate((el, prop) => (window as unknown as Watched).__lum(getComputedStyle(el)[prop]), property);
  }

  /** Waits until the page shows `scheme`: the attribute, and a background that is dark or light. */
  async expectShown(scheme: Scheme) {
    await expect.poll(() => this.shown()).toBe(scheme);
    if (scheme === "dark") await expect.poll(() => this.bodyLuminance()).toBeLessThan(0.02);
    else await expect.poll(() => this.bodyLuminance()).toBeGreaterThan(0.9);
  }
}

const AXE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/** axe-core's color-contrast rule (WCAG AA, 4.5:1 for text) on the page as it is: the failing elements. */
export async function contrastViolations(page: Page): Promise<string[]> {
  // A string evaluated by the test (not eval() in the page, which the page's CSP forbids).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Axe = { run: (ctx: Document, opts: object) => Promise<{ violations: { nodes: { target: string[]; any: { message: string }[] }[] }[] }> };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] });
    return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.any[0]?.message ?? ""}`));
  });
}
