// Where to go after signing in: the `redirect` parameter when it is a same-site relative path, else "/".
// Never an open redirect: absolute URLs, protocol-relative (//host) and backslash tricks are refused.
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return "/";
  try {
    const url = new URL(target, "http://shiyue.invalid");
    if (url.origin !== "http://shiyue.invalid") return "/";
    if (url.pathname.startsWith("/login") || url.pathname === "/register") return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}

/** The code-login page that comes back to `path` after signing in. */
export function loginUrlFor(path: string): string {
  return `/login/sms?redirect=${encodeURIComponent(path)}`;
}

/**
 * SPEC section 4: a 401 clears the session and goes to code login, except on /login*, /register and /,
 * and except for list calls that carry a page= parameter (the list shows its own message).
 */
export function shouldRedirectOn401(pathname: string, requestUrl: string): boolean {
  if (pathname.startsWith("/login") || pathname === "/register" || pathname === "/") return false;
  return !/[?&]page=/.test(requestUrl);
}
