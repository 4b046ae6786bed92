"use client";
// The browser session (SPEC section 3): the token in the cookie `shiyue_token` (path /, SameSite=Lax,
// Secure on https) and the user object in localStorage `shiyue_user`. Components subscribe to changes.
import { useEffect, useSyncExternalStore } from "react";
import { TOKEN_COOKIE, USER_STORAGE_KEY } from "@/lib/auth/constants";
import type { ApiUser } from "@/lib/auth/serialize";

const TOKEN_MAX_AGE = 7 * 24 * 3600;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function getToken(): string | null {
  if (typeof document === "undefined") return null;
  const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

export function getStoredUser(): ApiUser | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as ApiUser) : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user?: ApiUser | null): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${TOKEN_MAX_AGE}; SameSite=Lax${secure}`;
  if (user) storeUser(user);
  notify();
}

export function storeUser(user: ApiUser): void {
  try {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    /* storage unavailable (private mode): the cookie still signs in */
  }
  notify();
}

export function clearSession(): void {
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    /* ignore */
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === USER_STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * Calls `onChange` when the session starts or ends after mount (this tab or another), never for the
 * first render: hydration is not a sign-in.
 */
export function useSessionChange(onChange: (signedIn: boolean) => void): void {
  useEffect(() => {
    let last = Boolean(getToken());
    return subscribe(() => {
      const now = Boolean(getToken());
      if (now === last) return;
      last = now;
      onChange(now);
    });
  }, [onChange]);
}

/** Whether a token is present (re-renders on sign-in and sign-out). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => Boolean(getToken()), () => false);
}
