// A crawler's walk over HTTP: robots.txt names the sitemap index, the index names the files, the files the pages.
// Each location is fetched by its path on the server under test (SITE_URL may name another origin).
import { expect, type APIRequestContext } from "@playwright/test";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&"));
const path = (url: string) => new URL(url).pathname;

export async function crawlSitemaps(request: APIRequestContext): Promise<{ files: string[]; urls: string[] }> {
  const robots = await (await request.get("/robots.txt")).text();
  const index = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  expect(index, "robots.txt names a sitemap").toBeTruthy();
  const res = await request.get(path(index!));
  expect(res.status()).toBe(200);
  const files = locs(await res.text());
  const urls: string[] = [];
  for (const file of files) {
    const answer = await request.get(path(file));
    expect(answer.status(), file).toBe(200);
    urls.push(...locs(await answer.text()));
  }
  return { files, urls };
}
