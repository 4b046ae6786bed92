import { DARK_QUERY, THEME_COLOR_METAS, THEME_COLORS, THEME_STORAGE_KEY } from "./constants";

/**
 * Runs in <head> before the first paint, synchronously and without React: `data-theme` on <html> is the
 * stored choice, else the system's scheme, and the browser's bar colour (the theme-color metas, written
 * before it in <head>) is the shown scheme's. It keeps listening, so a page without a stored choice follows
 * the system live, and a choice made in another tab (the `storage` event) applies here too.
 * localStorage may throw (storage disabled); the system's scheme is used then.
 */
export const THEME_SCRIPT =
  `(()=>{const d=document,m=matchMedia(${JSON.stringify(DARK_QUERY)}),c=${JSON.stringify(THEME_COLORS)},a=()=>{let s=null;` +
  `try{s=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch{}` +
  `const t=s=="dark"||s=="light"?s:m.matches?"dark":"light";d.documentElement.dataset.theme=t;` +
  `for(const e of d.querySelectorAll(${JSON.stringify(THEME_COLOR_METAS)}))e.content=c[t]};` +
  `a();m.addEventListener("change",a);addEventListener("storage",a)})()`;
