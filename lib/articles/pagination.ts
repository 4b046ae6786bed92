// Article-list pagination rules (SPEC sections 2 and 9).
import { PAGE_SIZE } from "./constants";

/** Current page ± this many pages are shown between the always-shown first and last pages. */
export const PAGE_WINDOW = 2;

/**
 * Number of pages: ceil(total / page size); without a total, the current page when it came back short,
 * otherwise one more than the current page.
 */
export function pageCount({ total, page, itemsOnPage, pageSize = PAGE_SIZE }: { total?: number | null; page: number; itemsOnPage: number; pageSize?: number }): number {
  if (typeof total === "number" && Number.isFinite(total)) return Math.ceil(total / pageSize);
  return itemsOnPage < pageSize ? page : page + 1;
}

export type PagerItem = number | "ellipsis-start" | "ellipsis-end";

/** Page buttons: first and last always, current ± 2, an ellipsis for each gap. Empty when ≤ 1 page. */
export function pageWindow(current: number, count: number): PagerItem[] {
  if (count <= 1) return [];
  const from = Math.max(2, current - PAGE_WINDOW);
  const to = Math.min(count - 1, current + PAGE_WINDOW);
  const items: PagerItem[] = [1];
  if (from > 2) items.push("ellipsis-start");
  for (let p = from; p <= to; p++) items.push(p);
  if (to < count - 1) items.push("ellipsis-end");
  items.push(count);
  return items;
}

/** A page the pager may go to: inside 1..count and not the current one. */
export function isNavigable(target: number, current: number, count: number): boolean {
  return Number.isInteger(target) && target >= 1 && target <= count && target !== current;
}
