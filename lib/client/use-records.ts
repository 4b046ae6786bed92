"use client";
// The likes, favourites and history lists (SPEC sections 2, 8, 9): page 1 on open and whenever the sort or
// filter changes, 20 a page, "load more" while the last page came back full. A 401 clears the session and
// goes to code login with this page as the redirect (these loads carry page=, so the API client would not).
// After removals the server's pages shift, so "load more" asks for the page holding the next unseen
// position and drops records already shown.
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiRequestError, errorText } from "./api";
import { loginUrlFor } from "./redirect";
import { clearSession } from "./session";

export const RECORDS_PAGE_SIZE = 20;

type Paged<T> = { items: T[]; total: number };

export function useRecords<T extends { id: number }>(path: string, params: Record<string, string>) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(params);
  const generation = useRef(0);

  const load = useCallback(
    async (target: number) => {
      const mine = ++generation.current;
      setLoading(true);
      setError(null);
      try {
        const res = await api<Paged<T>>(path, { query: { ...JSON.parse(key), page: target, limit: RECORDS_PAGE_SIZE } });
        if (mine !== generation.current) return;
        const got = Array.isArray(res?.items) ? res.items : [];
        setItems((prev) => {
          if (target === 1) return got;
          const seen = new Set(prev.map((i) => i.id));
          return [...prev, ...got.filter((i) => !seen.has(i.id))];
        });
        setTotal(Number(res?.total ?? 0));
        setHasMore(got.length === RECORDS_PAGE_SIZE);
      } catch (err) {
        if (mine !== generation.current) return;
        if (err instanceof ApiRequestError && err.status === 401) {
          clearSession();
          location.assign(loginUrlFor(`${location.pathname}${location.search}`));
          return;
        }
        setError(errorText(err, "加载失败，请稍后重试"));
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [path, key],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  return {
    items,
    total,
    loading,
    error,
    hasMore,
    loadMore: () => load(Math.floor(items.length / RECORDS_PAGE_SIZE) + 1),
    reload: () => load(1),
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
