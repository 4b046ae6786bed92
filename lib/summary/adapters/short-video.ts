import "server-only";
// 抖音 and 小红书 share links (what their apps copy: `7.99 复制打开抖音，看看【…的作品】… https://v.douyin.com/xxxx/`,
// `… http://xhslink.com/a/xxxx，复制本条信息…`; the summary input keeps the link). The short link is followed to
// the share page, whose server-rendered data names the video's play address:
// - 抖音: the share page's `window._ROUTER_DATA` → loaderData → videoInfoRes.item_list[0] (desc, author,
//   video.play_addr.url_list, video.duration in ms); the watermark-free address is `play` for `playwm`.
// - 小红书: the note page's `window.__INITIAL_STATE__` (a JS literal: `undefined` where JSON has null) →
//   note.noteDetailMap[id].note (title, desc, user, video.media.stream.h264[0].masterUrl, video.capa.duration
//   in s). An image note has no video: its text is summarised.
// A login wall or a verification page fails at once, naming the platform and what would work; never a retry.
import { decodeBody } from "../decode";
import { safeFetch } from "../fetch";
import { assignedObject as assigned } from "./page-data";
import type { AdapterSource, SiteAdapter } from "./types";

export const SHORT_VIDEO_MESSAGES = {
  douyinWall: "抖音返回了登录或验证页面，无法读取这个视频；可以改用视频文件的直接链接",
  douyinGone: "抖音上的这个视频已被删除或设为私密",
  xhsWall: "小红书要求登录或验证后才能查看这篇笔记，无法读取；可以改用视频文件的直接链接",
  xhsGone: "小红书上的这篇笔记已被删除或不可见",
} as const;

const MOBILE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const DOUYIN = /^https?:\/\/(?:v\.douyin\.com\/[0-9A-Za-z_-]+|(?:www\.)?(?:douyin|iesdouyin)\.com\/(?:share\/)?video\/\d+)/;
const XHS = /^https?:\/\/(?:xhslink\.com\/(?:[a-z]\/)?[0-9A-Za-z]+|(?:www\.)?xiaohongshu\.com\/(?:explore|discovery\/item)\/[0-9a-f]{24})/;

/** Reads a share page: the short link followed to the end, as a phone would. */
async function sharePage(url: string): Promise<{ url: string; html: string }> {
  const page = await safeFetch(url, { accept: ["text/html"], headers: { "user-agent": MOBILE_UA, "accept-language": "zh-CN,zh;q=0.9" } });
  return { url: page.url, html: decodeBody(page.body, page.contentType) };
}

/** Rewrites a link's origin to `base` (tests point the platforms at loopback). */
const at = (url: string, base?: string) => (base ? `${base}${new URL(url).pathname}${new URL(url).search}` : url);

type DouyinItem = { desc?: string; author?: { nickname?: string }; video?: { duration?: number; play_addr?: { url_list?: string[] } } };

export function douyinAdapter({ base }: { base?: string } = {}): SiteAdapter {
  return {
    name: "douyin",
    matches: (url) => DOUYIN.test(url),
    async source(url): Promise<AdapterSource> {
      const page = await sharePage(at(url, base));
      if (/\/(?:login|verify|captcha)/.test(new URL(page.url).pathname)) throw new Error(SHORT_VIDEO_MESSAGES.douyinWall);
      const router = assigned(page.html, "window._ROUTER_DATA") as { loaderData?: Record<string, { videoInfoRes?: { item_list?: DouyinItem[]; filter_list?: unknown[] } }> } | null;
      if (!router?.loaderData) throw new Error(SHORT_VIDEO_MESSAGES.douyinWall);
      const info = Object.values(router.loaderData).find((v) => v?.videoInfoRes)?.videoInfoRes;
      const item = info?.item_list?.[0];
      const play = item?.video?.play_addr?.url_list?.[0];
      if (!item || !play) throw new Error(SHORT_VIDEO_MESSAGES.douyinGone);
      const title = item.desc?.trim() || "抖音视频";
      const media = { url: play.replace("/playwm/", "/play/"), headers: { "user-agent": MOBILE_UA, referer: "https://www.douyin.com/" } };
      return { title, media, author: item.author?.nickname ?? null, duration: item.video?.duration ? item.video.duration / 1000 : null };
    },
  };
}

type XhsNote = {
  type?: string;
  title?: string;
  desc?: string;
  user?: { nickname?: string };
  video?: { capa?: { duration?: number }; media?: { stream?: Record<string, { masterUrl?: string; backupUrls?: string[] }[]> } };
};

export function xiaohongshuAdapter({ base }: { base?: string } = {}): SiteAdapter {
  return {
    name: "xiaohongshu",
    matches: (url) => XHS.test(url),
    async source(url): Promise<AdapterSource> {
      const page = await sharePage(at(url, base));
      if (/\/(?:website-login|login|captcha)/.test(new URL(page.url).pathname)) throw new Error(SHORT_VIDEO_MESSAGES.xhsWall);
      const state = assigned(page.html, "window.__INITIAL_STATE__") as { note?: { noteDetailMap?: Record<string, { note?: XhsNote }> } } | null;
      if (!state?.note) throw new Error(SHORT_VIDEO_MESSAGES.xhsWall);
      const note = Object.values(state.note.noteDetailMap ?? {}).find((n) => n?.note?.type)?.note;
      if (!note) throw new Error(SHORT_VIDEO_MESSAGES.xhsGone);
      const title = note.title?.trim() || note.desc?.trim().slice(0, 40) || "小红书笔记";
      const about = { author: note.user?.nickname ?? null, duration: note.video?.capa?.duration ?? null };
      const streams = Object.values(note.video?.media?.stream ?? {}).flat();
      const play = streams.find((s) => s.masterUrl)?.masterUrl ?? streams.find((s) => s.backupUrls?.length)?.backupUrls?.[0];
      if (note.type === "video" && play) return { title, media: { url: play, headers: { "user-agent": MOBILE_UA, referer: "https://www.xiaohongshu.com/" } }, ...about };
      return { title, text: [note.title, note.desc].filter(Boolean).join("\n\n"), ...about };
    },
  };
}
