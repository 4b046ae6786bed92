// Route guards (SPEC section 2), decided from the session cookie alone: used by proxy.ts.
// The cookie is only trusted to route; every API call verifies the token itself.
import { decodeJwt } from "jose";

/** Pages that need a signed-in user. */
export const LOGIN_REQUIRED = ["/profile", "/likes", "/favorites", "/history", "/summary-history", "/digest"];

const isUnder = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

export function needsLogin(pathname: string): boolean {
  return LOGIN_REQUIRED.some((p) => isUnder(pathname, p));
}

export function isAuthPage(pathname: string): boolean {
  return isUnder(pathname, "/login") || isUnder(pathname, "/register");
}

/** A token that is present, well-formed and not expired (its signature is checked by the API). */
export function looksSignedIn(token: string | undefined, nowSec = Date.now() / 1000): boolean {
  if (!token) return false;
  try {
    const { exp, sub } = decodeJwt(token);
    return Boolean(sub) && typeof exp === "number" && exp > nowSec;
  } catch {
    return false;
  }
}

export type GuardDecision = { redirect: string } | null;

export function guard(pathname: string, search: string, token: string | undefined): GuardDecision {
  const signedIn = looksSignedIn(token);
  if (signedIn && isAuthPage(pathname)) return { redirect: "/" };
  if (!signedIn && needsLogin(pathname)) return { redirect: `/login/sms?redirect=${encodeURIComponent(pathname + search)}` };
  return null;
}
