// Links for the summary tool: the first http(s) link in pasted text (SPEC section 5).

export const NO_LINK = "未找到有效链接，请确认文本中包含 http:// 或 https:// 开头的链接";
export const BAD_LINK = "找到的链接格式有误，请检查";

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
