"use client";
// The likes, favourites and history lists (SPEC sections 2, 8, 9): page 1 on open and whenever the sort or
// filter changes, 20 a page, "load more" while the last page came back full. A 401 clears the session and
// goes to code login with this page as the redirect (these loads carry page=, so the API client would not).
// After removals the server's pages shift, so "load more" asks for the page holding the next unseen
// position and drops records already shown.
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiRequestError, errorText, signInAgain } from "./api";

export const RECORDS_PAGE_SIZE = 20;

type Paged<T> = { items: T[]; total: number };

export function useRecords<T extends { id: number }>(path: string, params: Record<string, string>) {
  const key = JSON.stringify([path, params]);
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The key of the last finished page-1 load: while it differs from `key`, page 1 is loading. */
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const apply = useCallback(
    (target: number, mine: number, res: Paged<T> | null, failure: unknown) => {
      if (mine !== generation.current) return;
      setLoadingMore(false);
      if (target === 1) setLoadedKey(key);
      if (failure) {
        if (failure instanceof ApiRequestError && failure.status === 401) {
          signInAgain();
          return;
        }
        setError(errorText(failure, "加载失败，请稍后重试"));
        return;
      }
      const got = Array.isArray(res?.items) ? res.items : [];
      setError(null);
      setItems((prev) => {
        if (target === 1) return got;
        const seen = new Set(prev.map((i) => i.id));
        return [...prev, ...got.filter((i) => !seen.has(i.id))];
      });
      setTotal(Number(res?.total ?? 0));
      setHasMore(got.length === RECORDS_PAGE_SIZE);
    },
    [key],
  );

  const load = useCallback(
    (target: number) => {
      const mine = ++generation.current;
      return api<Paged<T>>(path, { query: { ...JSON.parse(key)[1], page: target, limit: RECORDS_PAGE_SIZE } }).then(
        (res) => apply(target, mine, res, null),
        (err: unknown) => apply(target, mine, null, err),
      );
    },
    [path, key, apply],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  return {
    items,
    total,
    loading: loadedKey !== key || loadingMore,
    error,
    hasMore,
    loadMore: () => {
      setLoadingMore(true);
      void load(Math.floor(items.length / RECORDS_PAGE_SIZE) + 1);
    },
    reload: () => {
      setLoadedKey(null);
      setError(null);
      void load(1);
    },
    /** Removes an item after the server confirmed its removal, keeping the count in step. */
    remove: (match: (item: T) => boolean) => {
      setItems((prev) => prev.filter((i) => !match(i)));
      setTotal((t) => Math.max(t - 1, 0));
    },
    update: (match: (item: T) => boolean, change: (item: T) => T) => setItems((prev) => prev.map((i) => (match(i) ? change(i) : i))),
    clear: () => {
      setItems([]);
      setTotal(0);
      setHasMore(false);
    },
  };
}
