import { describe, expect, it } from "vitest";
import { chooseColorScheme } from "./client";
import { THEME_COLOR_METAS, THEME_COLORS, THEME_STORAGE_KEY } from "./constants";
import { THEME_SCRIPT } from "./script";

/** A page's globals as far as the theme code uses them, with the system scheme and storage under test control. */
function fakePage({ systemDark, stored, storageThrows = false }: { systemDark: boolean; stored?: string; storageThrows?: boolean }) {
  const html = { dataset: {} as Record<string, string> };
  const media = { matches: systemDark, listeners: [] as (() => void)[], addEventListener: (_: string, l: () => void) => media.listeners.push(l) };
  const store = new Map<string, string>(stored === undefined ? [] : [[THEME_STORAGE_KEY, stored]]);
  const guard = () => {
    if (storageThrows) throw new DOMException("denied", "SecurityError");
  };
  const localStorage = {
    getItem: (k: string) => (guard(), store.get(k) ?? null),
    setItem: (k: string, v: string) => (guard(), store.set(k, v)),
    removeItem: (k: string) => (guard(), store.delete(k)),
  };
  const windowListeners: Record<string, (() => void)[]> = {};
  // The two theme-color metas as the server writes them, one per system scheme.
  const metas = [{ content: THEME_COLORS.light }, { content: THEME_COLORS.dark }];
  const querySelectorAll = (selector: string) => (selector === THEME_COLOR_METAS ? metas : []);
  const globals = {
    document: { documentElement: html, querySelectorAll },
    matchMedia: () => media,
    localStorage,
    addEventListener: (type: string, l: () => void) => (windowListeners[type] ??= []).push(l),
  };
  const run = () => new Function(...Object.keys(globals), THEME_SCRIPT)(...Object.values(globals));
  const setSystem = (dark: boolean) => {
    media.matches = dark;
    media.listeners.forEach((l) => l());
  };
  const fireStorage = () => windowListeners.storage?.forEach((l) => l());
  /** The bar colour the page asks for, once both metas agree (they must). */
  const barColor = () => (new Set(metas.map((m) => m.content)).size === 1 ? metas[0].content : "the metas disagree");
  return { html, store, run, setSystem, fireStorage, globals, barColor };
}

describe("the inline theme script", () => {
  it("is small enough to inline in every page", () => {
    expect(THEME_SCRIPT.length).toBeLessThan(450);
  });

  it.each([
    { systemDark: true, stored: undefined, shown: "dark" },
    { systemDark: false, stored: undefined, shown: "light" },
    { systemDark: true, stored: "light", shown: "light" },
    { systemDark: false, stored: "dark", shown: "dark" },
    { systemDark: true, stored: "sepia", shown: "dark" }, // a value it does not know: the system's
    { systemDark: false, stored: "", shown: "light" },
  ])("system dark $systemDark, stored $stored: shows $shown", ({ systemDark, stored, shown }) => {
    const page = fakePage({ systemDark, stored });
    page.run();
    expect(page.html.dataset.theme).toBe(shown);
    expect(page.barColor()).toBe(THEME_COLORS[shown as "light" | "dark"]);
  });

  it("uses the system's scheme when storage is disabled", () => {
    const page = fakePage({ systemDark: true, stored: "light", storageThrows: true });
    expect(() => page.run()).not.toThrow();
    expect(page.html.dataset.theme).toBe("dark");
  });

  it("follows the system live without a stored choice, and keeps a stored choice when the system changes", () => {
    const free = fakePage({ systemDark: false });
    free.run();
    free.setSystem(true);
    expect(free.html.dataset.theme).toBe("dark");
    expect(free.barColor()).toBe(THEME_COLORS.dark);
    free.setSystem(false);
    expect(free.html.dataset.theme).toBe("light");
    expect(free.barColor()).toBe(THEME_COLORS.light);

    const chosen = fakePage({ systemDark: false, stored: "light" });
    chosen.run();
    chosen.setSystem(true);
    expect(chosen.html.dataset.theme).toBe("light");
    expect(chosen.barColor()).toBe(THEME_COLORS.light);
  });

  it("applies a choice made in another tab", () => {
    const page = fakePage({ systemDark: false });
    page.run();
    page.store.set(THEME_STORAGE_KEY, "dark");
    page.fireStorage();
    expect(page.html.dataset.theme).toBe("dark");
    expect(page.barColor()).toBe(THEME_COLORS.dark);
  });
});

describe("chooseColorScheme", () => {
  function withPage(page: ReturnType<typeof fakePage>, fn: () => void) {
    const saved = Object.keys(page.globals).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)] as const);
    for (const [k, v] of Object.entries(page.globals)) Object.defineProperty(globalThis, k, { value: v, configurable: true, writable: true });
    try {
      fn();
    } finally {
      for (const [k, d] of saved) {
        if (d) Object.defineProperty(globalThis, k, d);
        else delete (globalThis as Record<string, unknown>)[k];
      }
    }
  }

  it("remembers a scheme other than the system's and shows it", () => {
    const page = fakePage({ systemDark: false });
    withPage(page, () => chooseColorScheme("dark"));
    expect(page.store.get(THEME_STORAGE_KEY)).toBe("dark");
    expect(page.html.dataset.theme).toBe("dark");
    expect(page.barColor()).toBe(THEME_COLORS.dark);
  });

  it("forgets the choice when the system's own scheme is chosen, so the page follows the system again", () => {
    const page = fakePage({ systemDark: false, stored: "dark" });
    page.run();
    withPage(page, () => chooseColorScheme("light"));
    expect(page.store.has(THEME_STORAGE_KEY)).toBe(false);
    expect(page.html.dataset.theme).toBe("light");
    expect(page.barColor()).toBe(THEME_COLORS.light);
    page.setSystem(true);
    expect(page.html.dataset.theme).toBe("dark");
    expect(page.barColor()).toBe(THEME_COLORS.dark);
  });

  it("still switches the page when storage is disabled", () => {
    const page = fakePage({ systemDark: false, storageThrows: true });
    withPage(page, () => chooseColorScheme("dark"));
    expect(page.html.dataset.theme).toBe("dark");
  });
});
