// The normalized form of an article's source URL, used to recognise the same page again: one article per
// source in the feed (collected or added from a summary), and summary reuse.

const TRACKING = /^(utm_\w+|spm|spm_\w+|from|share_\w+|share|scene|src|vd_source|xsec_\w+|ref|ref_src|fbclid|gclid|mc_cid|mc_eid|timestamp|is_from_webapp|sender_device)$/i;

/** Lower-case host, no default port, no fragment, no tracking parameters, remaining parameters sorted. */
export function normalizeUrl(raw: string): string {
  const url = new URL(raw);
  url.hash = "";
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, "");
  if ((url.protocol === "http:" && url.port === "80") || (url.protocol === "https:" && url.port === "443")) url.port = "";
  const kept = [...url.searchParams.entries()].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => a.localeCompare(b));
  url.search = new URLSearchParams(kept).toString();
  if (url.pathname !== "/" && url.pathname.endsWith("/")) url.pathname = url.pathname.replace(/\/+$/, "");
  return url.toString();
}
