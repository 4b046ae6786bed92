import "server-only";
// Video and audio sites whose pages hold neither the media nor its text for a server to read (players behind
// DRM, logins or app-only APIs; live streams that never end). Fetching their pages would summarise a page's
// furniture, so such links fail at once, naming the site and what would work. Pure matching, no request.
import type { SiteAdapter } from "./types";

/** Host (the domain itself or a subdomain) → the site's name and why it cannot be read. */
const SITES: [domain: string, name: string, why: string][] = [
  ["live.bilibili.com", "哔哩哔哩直播", "直播没有可供转写的完整录像"],
  ["huya.com", "虎牙直播", "直播没有可供转写的完整录像"],
  ["douyu.com", "斗鱼直播", "直播没有可供转写的完整录像"],
  ["v.qq.com", "腾讯视频", "视频受版权保护，网页里没有可读取的音视频"],
  ["youku.com", "优酷", "视频受版权保护，网页里没有可读取的音视频"],
  ["iqiyi.com", "爱奇艺", "视频受版权保护，网页里没有可读取的音视频"],
  ["mgtv.com", "芒果TV", "视频受版权保护，网页里没有可读取的音视频"],
  ["kuaishou.com", "快手", "视频只能在登录后的 App 或网页里播放"],
  ["channels.weixin.qq.com", "微信视频号", "视频只能在微信里播放"],
  ["ximalaya.com", "喜马拉雅", "音频需要登录或付费才能播放"],
];

export const unsupportedMessage = (name: string, why: string) => `暂不支持总结${name}的链接：${why}。可以改用音视频文件的直接链接，或带字幕的视频页面`;

function siteOf(url: string): (typeof SITES)[number] | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return SITES.find(([domain]) => host === domain || host.endsWith(`.${domain}`)) ?? null;
}

export function unsupportedSitesAdapter(): SiteAdapter {
  return {
    name: "unsupported",
    matches: (url) => siteOf(url) !== null,
    async source(url) {
      const [, name, why] = siteOf(url)!;
      throw new Error(unsupportedMessage(name, why));
    },
  };
}
