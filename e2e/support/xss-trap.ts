// The XSS trap for e2e/xss.spec.ts. Every page and frame of the context gets a `window.__xss()` and a
// `window.__xssFired` setter that report to the test; uncaught errors naming them (a payload that ran
// where the trap is missing) and dialogs count too. `poke` hovers and clicks what a payload could have
// turned into something live; `expectNoXss` asserts the trap stayed silent and the DOM holds nothing a
// payload planted (test/xss.ts `findInjected`), so the proof does not rest on the Content-Security-Policy
// (the spec also runs with `bypassCSP`).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { findInjected, LINK_TEXTS } from "../../test/xss";
import { dataDirOf } from "./app-server";
import { settle } from "./settle";

export type Trap = { fired: string[]; errors: string[] };

export async function setTrap(context: BrowserContext): Promise<Trap> {
  const trap: Trap = { fired: [], errors: [] };
  await context.exposeBinding("__xssReport", ({ frame }, how: string) => {
    trap.fired.push(`${how} in ${frame.url()}`);
  });
  await context.addInitScript(() => {
    const report = (how: string) => (window as unknown as { __xssReport?: (how: string) => void }).__xssReport?.(how);
    Object.defineProperty(window, "__xss", { value: (...args: unknown[]) => report(`__xss(${args.map(String).join(", ")})`) });
    Object.defineProperty(window, "__xssFired", { get: () => undefined, set: (value: unknown) => report(`__xssFired = ${String(value)}`) });
  });
  const watch = (page: Page) => {
    page.on("pageerror", (err) => {
      if (/__xss|javascript: URL/i.test(err.message)) trap.errors.push(`page error: ${err.message}`);
    });
    page.on("console", (msg) => {
      if (msg.type() === "error" && /(ReferenceError|TypeError).*__xss|__xss.*(is not defined|is not a function)/.test(msg.text())) {
        trap.errors.push(`console: ${msg.text()}`);
      }
    });
    page.on("dialog", (dialog) => {
      trap.errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
  };
  context.pages().forEach(watch);
  context.on("page", watch);
  return trap;
}

/**
 * Hovers whatever a payload could have become under `scope` (links, images, details, diagram nodes, the
 * payload link texts: pointer and mouse events dispatched on each, in one round trip), then really clicks
 * those that do not plainly lead to an http(s) page, a path of this site or this very page (an empty
 * href). Tabs the clicks open are given time to load, checked by the trap, and closed.
 */
export async function poke(scope: Locator) {
  const page = scope.page();
  const round = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const marks = await scope.evaluate((root, { texts, round }) => {
    const SAFE_HREF = /^(https?:\/\/|\/(?![/\\])|#)/i;
    const targets = new Set<Element>(root.querySelectorAll("a, img, summary, details, [onclick], [role=link], svg g.node, svg a"));
    for (const el of Array.from(root.querySelectorAll("*"))) {
      if (!el.children.length && texts.includes((el.textContent ?? "").trim())) targets.add(el);
    }
    const ids: string[] = [];
    for (const el of targets) {
      for (const type of ["pointerover", "pointerenter", "mouseover", "mouseenter", "mousemove"]) el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
      const href = el.getAttribute("href");
      if (el.tagName.toLowerCase() === "img" || href === "" || (href !== null && SAFE_HREF.test(href.trim()))) continue;
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      const id = `${round}-${ids.length}`;
      el.setAttribute("data-xss-poke", id);
      ids.push(id);
    }
    return ids;
  }, { texts: LINK_TEXTS, round });
  for (const id of marks) {
    await page.locator(`[data-xss-poke="${id}"]`).click({ force: true, timeout: 1000, noWaitAfter: true }).catch(() => {});
  }
  for (const other of page.context().pages()) {
    if (other === page) continue;
    await other.waitForLoadState("load", { timeout: 5000 }).catch(() => {});
    await other.close();
  }
  await settle(page); // every onerror, queued handler and navigation the pokes started has run
}

/** The trap never fired, and the page holds no element or attribute a payload could have planted. */
export async function expectNoXss(page: Page, trap: Trap, where: string) {
  await settle(page);
  const planted = await page.locator("html").evaluate(findInjected);
  const frames = page.frames().map((f) => f.url()).filter((url) => !/^(http:\/\/127\.0\.0\.1|about:blank)/.test(url));
  // One assertion, so a failure shows everything at once: what was planted, what ran, what was opened.
  expect({ planted, fired: trap.fired, errors: trap.errors, frames }, `XSS in ${where}`).toEqual({ planted: [], fired: [], errors: [], frames: [] });
}

const execFileAsync = promisify(execFile);

/**
 * `npm run feeds -- <args>` against the e2e server's embedded database (through the socket the running
 * server exposes in its data dir, see e2e/support/app-server.ts).
 */
export async function feedsCommand(baseURL: string, args: string[]): Promise<string> {
  const port = new URL(baseURL).port;
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDirOf(port), DATABASE_URL: "" };
  delete env.NODE_OPTIONS;
  const { stdout } = await execFileAsync("npm", ["run", "--silent", "feeds", "--", ...args], { env, timeout: 25_000 });
  return stdout;
}

/**
 * `npm run feeds -- poll <url>` and how many of the source's items the site now holds: the new ones plus
 * those already there. The server's own scheduler polls a newly added source on its next tick (every 30 s),
 * so it sometimes collects the items between `add` and this poll, which then reports them as 已有.
 */
export async function pollFeed(baseURL: string, feedUrl: string): Promise<number> {
  const out = await feedsCommand(baseURL, ["poll", feedUrl]);
  const m = /新增 (\d+) 篇(?:，已有 (\d+) 篇)?/.exec(out);
  if (!m) throw new Error(`unexpected feeds poll output: ${out}`);
  return Number(m[1]) + Number(m[2] ?? 0);
}
