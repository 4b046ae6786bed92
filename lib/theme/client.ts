import { DARK_QUERY, THEME_COLOR_METAS, THEME_COLORS, THEME_STORAGE_KEY, type ColorScheme } from "./constants";

/** The scheme the page shows now (set by the inline script, lib/theme/script.ts). */
export const currentColorScheme = (): ColorScheme => (document.documentElement.dataset.theme === "dark" ? "dark" : "light");

/**
 * Shows `scheme` and remembers it. Choosing the scheme the system already uses forgets the choice
 * instead, so the page follows the system again (two states on the button, and "system" is never lost).
 */
export function chooseColorScheme(scheme: ColorScheme) {
  const system: ColorScheme = matchMedia(DARK_QUERY).matches ? "dark" : "light";
  try {
    if (scheme === system) localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, scheme);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  document.documentElement.dataset.theme = scheme;
  for (const meta of document.querySelectorAll<HTMLMetaElement>(THEME_COLOR_METAS)) meta.content = THEME_COLORS[scheme];
}
