/** Article list page size (SPEC section 9). */
export const PAGE_SIZE = 20;
/** Largest `limit` a list call may ask for; larger values are clamped. */
export const MAX_LIMIT = 50;
