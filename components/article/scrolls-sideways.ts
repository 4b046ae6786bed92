/**
 * Code blocks and tables scroll sideways when wider than the column (a phone's, mostly): each is a tab stop so
 * a keyboard can scroll it too (WCAG 2.1.1, axe's scrollable-region-focusable). A code block is a named group
 * (a bare <pre> is generic and cannot be named); a table is announced as one already. Shared by the article
 * and chat renderers: this module imports nothing, so the chat's client bundle takes only these few bytes.
 */
export const SCROLLS_SIDEWAYS = {
  code: { tabIndex: 0, role: "group", "aria-label": "代码" },
  table: { tabIndex: 0 },
} as const;
