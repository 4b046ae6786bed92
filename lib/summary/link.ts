// Links for the summary tool: the first http(s) link in pasted text (SPEC section 5), and the normalized
// form used to recognise the same page again (reuse, de-duplicated articles).

export const NO_LINK = "未找到有效链接，请确认文本中包含 http:// 或 https:// 开头的链接";
export const BAD_LINK = "找到的链接格式有误，请检查";

const TRACKING = /^(utm_\w+|spm|from|share_\w+|share|scene|src|vd_source|xsec_\w+|ref|ref_src|fbclid|gclid|timestamp|is_from_webapp|sender_device)$/i;

export type LinkResult = { ok: true; url: string } | { ok: false; message: string };

/** The first http(s) link in `text`, trimmed of trailing punctuation, or the spec's message. */
export function firstLink(text: string): LinkResult {
  const match = /https?:\/\/[^\s<>"'，。！？、；：（）【】《》]+/i.exec(text);
  if (!match) return { ok: false, message: NO_LINK };
  const candidate = match[0].replace(/[),.;:!?\]}'"]+$/, "");
  try {
    const url = new URL(candidate);
    if (!url.hostname || !/^https?:$/.test(url.protocol)) return { ok: false, message: BAD_LINK };
    return { ok: true, url: url.toString() };
  } catch {
    return { ok: false, message: BAD_LINK };
  }
}

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
