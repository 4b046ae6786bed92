import "server-only";
import { getConfig } from "@/lib/config";
// The site adapters the pipeline asks before fetching a page itself.
import { bilibiliAdapter } from "./bilibili";
import { applePodcastsAdapter, xiaoyuzhouAdapter } from "./podcast-pages";
import { douyinAdapter, xiaohongshuAdapter } from "./short-video";
import { unsupportedSitesAdapter } from "./unsupported";
import type { SiteAdapter } from "./types";
import { youtubeAdapter } from "./youtube";

const g = globalThis as typeof globalThis & { __shiyueAdapters?: SiteAdapter[] };

/**
 * Where the browser journeys' server finds Bilibili's API: a loopback fixture server (e2e/support/with-provider.ts).
 * Honoured only with ALLOW_PRIVATE_URLS, which only tests set.
 */
function testBilibiliApi(): string | undefined {
  return getConfig().ALLOW_PRIVATE_URLS ? process.env.TEST_BILIBILI_API_BASE || undefined : undefined;
}

export function siteAdapters(): SiteAdapter[] {
  g.__shiyueAdapters ??= [
    bilibiliAdapter({ apiBase: testBilibiliApi() }),
    youtubeAdapter(),
    xiaoyuzhouAdapter(),
    applePodcastsAdapter(),
    douyinAdapter(),
    xiaohongshuAdapter(),
    unsupportedSitesAdapter(),
  ];
  return g.__shiyueAdapters;
}

/** Tests point adapters at recorded-format fixtures. */
export function setSiteAdapters(adapters: SiteAdapter[] | undefined): void {
  g.__shiyueAdapters = adapters;
}
