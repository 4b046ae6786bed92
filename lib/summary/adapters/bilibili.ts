import "server-only";
// Bilibili videos: the page itself carries no subtitles, so the adapter asks Bilibili's public web API —
// the video's title, uploader and parts (x/web-interface/view, by BV or av id), its subtitle list
// (x/player/wbi/v2), then the subtitle file (JSON with body [{ from, to, content }]) — and hands the
// pipeline timed cues. A video without public subtitles (most of them) gives the pipeline its audio instead:
// the DASH audio stream the web player plays (x/player/playurl with fnval=16), the smallest, requested with
// the player's Referer, which the pipeline transcribes. b23.tv short links are resolved first.
import type { Cue } from "../extract/subtitles";
import { safeFetch, safeOpen } from "../fetch";
import type { AdapterSource, SiteAdapter } from "./types";

const VIDEO_PATH = /\/video\/(?:(BV[0-9A-Za-z]{10})|av(\d+))(?![0-9A-Za-z])/;
const VIDEO = /^https?:\/\/(?:www\.|m\.)?bilibili\.com\/video\/(?:BV[0-9A-Za-z]{10}|av\d+)(?![0-9A-Za-z])/;
const SHORT = /^https?:\/\/(?:b23\.tv|bili2233\.cn)\/([0-9A-Za-z]+)/;
/** The web player's headers: the CDN refuses media requests without a bilibili.com Referer. */
const PLAYER_HEADERS = { referer: "https://www.bilibili.com/", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" };

export const BILIBILI_MESSAGES = {
  shortLink: "这个 b23.tv 短链接没有指向哔哩哔哩视频",
  removed: "哔哩哔哩上的这个视频已被删除或不可见",
  login: "哔哩哔哩要求登录后才能观看这个视频（会员、付费或仅粉丝可见），无法读取；可以改用视频文件的直接链接",
  noAudio: "哔哩哔哩没有返回这个视频的音频流，暂时无法总结",
  failed: (message: string) => `哔哩哔哩没有返回视频信息：${message}`,
} as const;

type View = {
  code: number;
  message?: string;
  data?: { bvid: string; title: string; cid: number; duration?: number; owner?: { name?: string }; pages?: { cid: number; part: string; duration?: number }[] };
};
type Player = { code: number; data?: { subtitle?: { subtitles?: { lan: string; subtitle_url: string }[] } } };
type SubtitleFile = { body?: { from: number; to: number; content: string }[] };
type PlayUrl = { code: number; message?: string; data?: { dash?: { audio?: { id: number; bandwidth?: number; baseUrl?: string; base_url?: string }[] } } };

/** Bilibili's answer codes that mean the video is gone, or behind a login. */
const viewError = (code: number, message?: string) =>
  code === -404 || code === 62002 || code === 62004 ? BILIBILI_MESSAGES.removed : code === -403 || code === 87007 || code === 87008 ? BILIBILI_MESSAGES.login : BILIBILI_MESSAGES.failed(message ?? String(code));

/** `apiBase` and `shortBase` (where a short link's code is resolved; default: its own host) exist for tests. */
export function bilibiliAdapter({ apiBase = "https://api.bilibili.com", shortBase }: { apiBase?: string; shortBase?: string } = {}): SiteAdapter {
  const json = async <T>(url: string): Promise<T> =>
    JSON.parse((await safeFetch(url, { accept: ["application/json", "text/plain"], headers: PLAYER_HEADERS })).body.toString("utf8")) as T;

  /** The video link a short link leads to (its redirects followed, the page itself not read). */
  async function resolveShort(url: string): Promise<string> {
    const opened = await safeOpen(url, { accept: ["text/html", "application/json", "text/plain"], headers: PLAYER_HEADERS });
    opened.close();
    if (!VIDEO_PATH.test(new URL(opened.url).pathname)) throw new Error(BILIBILI_MESSAGES.shortLink);
    return opened.url;
  }

  return {
    name: "bilibili",
    matches: (url) => VIDEO.test(url) || SHORT.test(url),
    async source(link): Promise<AdapterSource> {
      const short = SHORT.exec(link);
      const url = short ? await resolveShort(shortBase ? `${shortBase}/${short[1]}` : link) : link;
      const [, bvid, aid] = VIDEO_PATH.exec(new URL(url).pathname)!;
      const page = Math.max(1, Number(new URL(url).searchParams.get("p") ?? "1") || 1);
      const view = await json<View>(`${apiBase}/x/web-interface/view?${bvid ? `bvid=${bvid}` : `aid=${aid}`}`);
      if (view.code !== 0 || !view.data) throw new Error(viewError(view.code, view.message));
      const { data } = view;
      const part = data.pages?.[page - 1];
      const cid = part?.cid ?? data.cid;
      const title = part && data.pages!.length > 1 ? `${data.title}（P${page} ${part.part}）` : data.title;
      const about = { author: data.owner?.name ?? null, duration: part?.duration ?? data.duration ?? null };

      const player = await json<Player>(`${apiBase}/x/player/wbi/v2?bvid=${data.bvid}&cid=${cid}`);
      const tracks = player.data?.subtitle?.subtitles ?? [];
      const track = tracks.find((t) => t.lan.startsWith("zh")) ?? tracks.find((t) => !t.lan.startsWith("ai-")) ?? tracks[0];
      if (track) {
        // Subtitle URLs come protocol-relative ("//aisubtitle.hdslb.com/…"): they take the API's https.
        const file = await json<SubtitleFile>(new URL(track.subtitle_url, apiBase).toString());
        const cues: Cue[] = (file.body ?? []).map((c) => ({ start: c.from, end: c.to, text: c.content.trim() })).filter((c) => c.text);
        if (cues.length) return { title, cues, ...about };
      }
      const play = await json<PlayUrl>(`${apiBase}/x/player/playurl?bvid=${data.bvid}&cid=${cid}&fnval=16&fourk=0`);
      if (play.code !== 0) throw new Error(viewError(play.code, play.message));
      const audio = [...(play.data?.dash?.audio ?? [])].sort((a, b) => (a.bandwidth ?? 0) - (b.bandwidth ?? 0))[0];
      const audioUrl = audio?.baseUrl ?? audio?.base_url;
      if (!audioUrl) throw new Error(BILIBILI_MESSAGES.noAudio);
      return { title, media: { url: new URL(audioUrl, apiBase).toString(), headers: PLAYER_HEADERS }, ...about };
    },
  };
}
