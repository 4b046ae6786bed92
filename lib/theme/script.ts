import { DARK_QUERY, THEME_STORAGE_KEY } from "./constants";

/**
 * Runs in <head> before the first paint, synchronously and without React: `data-theme` on <html> is the
 * stored choice, else the system's scheme. It keeps listening, so a page without a stored choice follows
 * the system live, and a choice made in another tab (the `storage` event) applies here too.
 * localStorage may throw (storage disabled); the system's scheme is used then.
 */
export const THEME_SCRIPT =
  `(()=>{const d=document.documentElement,m=matchMedia(${JSON.stringify(DARK_QUERY)}),a=()=>{let s=null;` +
  `try{s=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch{}` +
  `d.dataset.theme=s=="dark"||s=="light"?s:m.matches?"dark":"light"};` +
  `a();m.addEventListener("change",a);addEventListener("storage",a)})()`;
