// Pages have one address each (docs/seo.md, "Canonical addresses"): a page path with a trailing slash, or an
// article permalink whose id has leading zeros (/articles/0123), is answered by proxy.ts with a 301 to the
// canonical path (/articles/123), its query kept. API paths are not pages (the spec's end in a slash).

/** The canonical form of a page path, or null when it already is canonical. */
export function canonicalPagePath(pathname: string): string | null {
  if (pathname === "/" || pathname.startsWith("/api/")) return null;
  let path = pathname.replace(/\/+$/, "") || "/";
  path = path.replace(/^\/articles\/0+(\d)/, "/articles/$1");
  return path === pathname ? null : path;
}
