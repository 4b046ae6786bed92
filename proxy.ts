import { NextResponse, type NextRequest } from "next/server";
import { TOKEN_COOKIE } from "@/lib/auth/constants";
import { guard, looksSignedIn } from "@/lib/auth/guards";
import { cameOverHttps, contentSecurityPolicy, HSTS } from "@/lib/server/security-headers";
import { canonicalPagePath } from "@/lib/seo/canonical-path";
import { isPagePath, PAGE_CACHE_CONTROL } from "@/lib/seo/page-headers";

// Every page request: a Content-Security-Policy with a fresh nonce (Next.js reads it from the request
// header and puts it on its scripts), HSTS behind https, and the guards — login-required pages without a
// session go to code login with the full target; a signed-in visitor on /login* or /register goes home.
// An expired or malformed cookie is cleared on the way. A visitor's plain GET of / or of an article's
// permalink whose kept page is current never reaches here: lib/server/kept-pages.ts answers it first.
export async function proxy(req: NextRequest) {
  // One address per page: /articles/0123 and trailing slashes answer 301 to the canonical path (docs/seo.md).
  const canonical = canonicalPagePath(req.nextUrl.pathname);
  // A plain URL: Next's own URL object would put the trailing slash back.
  if (canonical) return NextResponse.redirect(new URL(`${canonical}${req.nextUrl.search}`, req.url), 301);
  const https = cameOverHttps(req.nextUrl, req.headers.get("x-forwarded-proto"));
  const token = req.cookies.get(TOKEN_COOKIE)?.value;
  const decision = guard(req.nextUrl.pathname, req.nextUrl.search, token);
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy({ nonce, dev: process.env.NODE_ENV === "development", https });
  let res: NextResponse;
  if (decision) {
    res = NextResponse.redirect(new URL(decision.redirect, req.url));
  } else {
    const headers = new Headers(req.headers);
    headers.set("x-nonce", nonce);
    headers.set("Content-Security-Policy", csp);
    res = NextResponse.next({ request: { headers } });
    // Next.js keeps a Cache-Control the response already has (it adds `no-transform` for Baidu: lib/seo/page-headers.ts).
    if (isPagePath(req.nextUrl.pathname)) res.headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  }
  res.headers.set("Content-Security-Policy", csp);
  if (https) res.headers.set("Strict-Transport-Security", HSTS);
  if (token && !looksSignedIn(token)) res.cookies.delete(TOKEN_COOKIE);
  return res;
}

export const config = {
  // Pages only: not the API (its headers come from next.config.ts), build assets, icons, robots.txt, the sitemaps,
  // the manifest, the service worker or the offline shell (static files with headers of their own: next.config.ts).
  matcher: ["/((?!api/|_next/static|_next/image|assets/|icons/|favicon.ico|icon|apple-icon|robots.txt|sitemap.xml|sitemaps/|manifest.webmanifest|sw.js|offline).*)"],
};
