"use client";
// Sign-out (SPEC section 4, issue 28): the server ends the account's sessions first (POST /auth/logout moves its
// token version on, so a copied token stops too), then the browser forgets the token and the user. A failed or
// refused call (offline, a token already ended) still signs out here. The account's offline shelf on this device
// (favourites and articles kept for reading offline, actions not yet sent: lib/offline/store.ts) goes with it, so
// the next person on a shared phone does not find it.
import { REQUEST_TIMEOUT_MS } from "./api";
import { clearSession, getToken } from "./session";

export async function signOut(): Promise<void> {
  const token = getToken();
  if (token) {
    await fetch("/api/v1/auth/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      credentials: "include",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).catch(() => undefined);
  }
  const forget = await import("@/lib/offline/sync").then((m) => m.forgetShelf(), () => null);
  clearSession();
  await forget?.().catch(() => undefined);
}
