import "server-only";
// The site adapters the pipeline asks before fetching a page itself.
import { bilibiliAdapter } from "./bilibili";
import { applePodcastsAdapter, xiaoyuzhouAdapter } from "./podcast-pages";
import { douyinAdapter, xiaohongshuAdapter } from "./short-video";
import type { SiteAdapter } from "./types";
import { youtubeAdapter } from "./youtube";

const g = globalThis as typeof globalThis & { __shiyueAdapters?: SiteAdapter[] };

export function siteAdapters(): SiteAdapter[] {
  g.__shiyueAdapters ??= [bilibiliAdapter(), youtubeAdapter(), xiaoyuzhouAdapter(), applePodcastsAdapter(), douyinAdapter(), xiaohongshuAdapter()];
  return g.__shiyueAdapters;
}

/** Tests point adapters at recorded-format fixtures. */
export function setSiteAdapters(adapters: SiteAdapter[] | undefined): void {
  g.__shiyueAdapters = adapters;
}
