/** Article list page size (SPEC section 9). */
export const PAGE_SIZE = 20;
/** Largest `limit` a list call may ask for; larger values are clamped. */
export const MAX_LIMIT = 50;
/** Search pages reach this many results at most (as Elasticsearch's max_result_window): page × limit ≤ it. */
export const SEARCH_RESULT_WINDOW = 10_000;

/** Pull-to-refresh (SPEC section 9): threshold 60, maximum 100, damping 0.5, indicator at least 1 s. */
export const PULL_THRESHOLD = 60;
export const PULL_MAX = 100;
export const PULL_DAMPING = 0.5;
export const PULL_MIN_DISPLAY_MS = 1000;
