import "server-only";
// Podcast episode links people share: a 小宇宙 episode page and an Apple Podcasts episode link, each turned
// into the episode's audio, which the pipeline transcribes like any media.
// - 小宇宙 (www.xiaoyuzhoufm.com/episode/<id>): a Next.js page whose `__NEXT_DATA__` holds the episode
//   (`props.pageProps.episode`: title, enclosure.url or media.source.url, duration, podcast.title); the
//   page's `og:audio` meta is the fallback.
// - Apple Podcasts (podcasts.apple.com/<country>/podcast/<slug>/id<show>?i=<episode>): the iTunes lookup API
//   lists a show's recent episodes (`entity=podcastEpisode`), each with `trackId` and `episodeUrl`.
import { decodeBody } from "../decode";
import { safeFetch } from "../fetch";
import type { AdapterSource, SiteAdapter } from "./types";

export const PODCAST_MESSAGES = {
  xiaoyuzhouNoAudio: "小宇宙没有返回这期节目的音频（节目可能已下架或需要付费）；可以改用节目音频文件的直接链接",
  appleNotFound: "Apple Podcasts 没有找到这期节目（只能读到节目最近的 200 期）；可以改用播客的 RSS 地址或音频文件的直接链接",
  appleNoAudio: "Apple Podcasts 没有提供这期节目的音频（可能是付费节目）；可以改用音频文件的直接链接",
} as const;

const XIAOYUZHOU = /^https?:\/\/(?:www\.)?xiaoyuzhoufm\.com\/episode\/([0-9a-f]{24})(?![0-9a-f])/i;
const APPLE = /^https?:\/\/podcasts\.apple\.com\/(?:[a-z]{2}\/)?podcast\/(?:[^/?#]+\/)?id(\d+)\?(?:[^#]*&)?i=(\d+)/;

type XyzEpisode = { title?: string; duration?: number; description?: string; shownotes?: string; enclosure?: { url?: string }; media?: { source?: { url?: string } }; podcast?: { title?: string } };

/** Show notes as text: paragraphs and breaks as new lines, other tags dropped, common entities decoded. */
export function notesText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(?:br|\/p|\/li|\/h\d)\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text || null;
}

function nextData(html: string): unknown {
  const m = /<script[^>]*id="__NEXT_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!m) return null;
  try {
    return JSON.parse(m[1]);
  } catch {
    return null;
  }
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta[^>]+property="${property}"[^>]+content="([^"]+)"`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;

export function xiaoyuzhouAdapter({ base = "https://www.xiaoyuzhoufm.com" }: { base?: string } = {}): SiteAdapter {
  return {
    name: "xiaoyuzhou",
    matches: (url) => XIAOYUZHOU.test(url),
    async source(url): Promise<AdapterSource> {
      const id = XIAOYUZHOU.exec(url)![1].toLowerCase();
      const page = await safeFetch(`${base}/episode/${id}`, { accept: ["text/html"] });
      const html = decodeBody(page.body, page.contentType);
      const episode = (nextData(html) as { props?: { pageProps?: { episode?: XyzEpisode } } } | null)?.props?.pageProps?.episode;
      const audio = episode?.enclosure?.url ?? episode?.media?.source?.url ?? meta(html, "og:audio");
      if (!audio) throw new Error(PODCAST_MESSAGES.xiaoyuzhouNoAudio);
      const title = episode?.title ?? meta(html, "og:title") ?? `小宇宙节目 ${id}`;
      const show = episode?.podcast?.title ?? null;
      const context = notesText(episode?.shownotes ?? episode?.description);
      return { title: show ? `${title}（${show}）` : title, media: { url: new URL(audio, base).toString() }, author: show, duration: episode?.duration ?? null, context };
    },
  };
}

type Lookup = {
  results?: {
    wrapperType?: string;
    trackId?: number;
    trackName?: string;
    episodeUrl?: string;
    collectionName?: string;
    trackTimeMillis?: number;
    description?: string;
  }[];
};

export function applePodcastsAdapter({ lookupBase = "https://itunes.apple.com" }: { lookupBase?: string } = {}): SiteAdapter {
  return {
    name: "apple-podcasts",
    matches: (url) => APPLE.test(url),
    async source(url): Promise<AdapterSource> {
      const [, showId, episodeId] = APPLE.exec(url)!;
      const body = await safeFetch(`${lookupBase}/lookup?id=${showId}&entity=podcastEpisode&limit=200`, { accept: ["application/json", "text/javascript", "text/plain"] });
      const results = (JSON.parse(body.body.toString("utf8")) as Lookup).results ?? [];
      const episode = results.find((r) => r.wrapperType === "podcastEpisode" && String(r.trackId) === episodeId);
      if (!episode) throw new Error(PODCAST_MESSAGES.appleNotFound);
      if (!episode.episodeUrl) throw new Error(PODCAST_MESSAGES.appleNoAudio);
      const title = episode.trackName ?? `Apple Podcasts 节目 ${episodeId}`;
      const show = episode.collectionName ?? null;
      const duration = episode.trackTimeMillis ? episode.trackTimeMillis / 1000 : null;
      return { title: show ? `${title}（${show}）` : title, media: { url: episode.episodeUrl }, author: show, duration, context: notesText(episode.description) };
    },
  };
}
