// External platforms the feed collects from: icon key, Chinese display name and the hosts that identify it.
// Icons live at public/assets/platform_ico/{key}.ico; unknown platforms use default.ico.

export type Platform = { key: string; name: string; hosts: string[] };

export const PLATFORMS: Platform[] = [
  { key: "wechat", name: "微信公众号", hosts: ["mp.weixin.qq.com", "weixin.qq.com"] },
  { key: "zhihu", name: "知乎", hosts: ["zhihu.com"] },
  { key: "juejin", name: "掘金", hosts: ["juejin.cn", "juejin.im"] },
  { key: "bilibili", name: "哔哩哔哩", hosts: ["bilibili.com", "b23.tv"] },
  { key: "xiaohongshu", name: "小红书", hosts: ["xiaohongshu.com", "xhslink.com"] },
  { key: "weibo", name: "微博", hosts: ["weibo.com", "weibo.cn"] },
  { key: "sspai", name: "少数派", hosts: ["sspai.com"] },
  { key: "36kr", name: "36氪", hosts: ["36kr.com"] },
  { key: "douban", name: "豆瓣", hosts: ["douban.com"] },
  { key: "csdn", name: "CSDN", hosts: ["csdn.net"] },
  { key: "cnblogs", name: "博客园", hosts: ["cnblogs.com"] },
  { key: "infoq", name: "InfoQ", hosts: ["infoq.cn"] },
  { key: "github", name: "GitHub", hosts: ["github.com"] },
  { key: "youtube", name: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  { key: "medium", name: "Medium", hosts: ["medium.com"] },
];

export const DEFAULT_PLATFORM_KEY = "default";

const byKey = new Map(PLATFORMS.map((p) => [p.key, p]));

export function platformByKey(key: string | null | undefined): Platform | undefined {
  return key ? byKey.get(key) : undefined;
}

/** The platform whose host (or a parent domain of it) matches the URL's host. */
export function detectPlatform(url: string): Platform | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return PLATFORMS.find((p) => p.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
}

/** Path of the platform's icon; the default icon for unknown platforms. */
export function platformIconPath(key: string | null | undefined): string {
  return `/assets/platform_ico/${platformByKey(key)?.key ?? DEFAULT_PLATFORM_KEY}.ico`;
}
