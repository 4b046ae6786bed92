// Light and dark colour schemes (issue 22). The page follows the system setting until the reader picks a
// scheme with the header's toggle; the choice is kept in localStorage. The server never renders a
// scheme (some pages are cached in memory for every visitor): the inline script in <head>
// (lib/theme/script.ts) sets `data-theme` on <html> before the first paint.

export type ColorScheme = "light" | "dark";

/** localStorage key of the reader's choice: "light" or "dark"; absent = follow the system. */
export const THEME_STORAGE_KEY = "shiyue-theme";
/** The media query the system setting is read from. */
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Browser UI colour (address bar on phones) per scheme: the brand blue, and the dark header. The server
 * writes one theme-color meta per system scheme; the page sets both to the scheme it shows, so a stored
 * choice colours the bar too.
 */
export const THEME_COLORS = { light: "#1d6ce0", dark: "#111826" } as const;
/** The selector of those metas. */
export const THEME_COLOR_METAS = "meta[name=theme-color]";
