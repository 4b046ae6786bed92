// One sitemap document built by a process that has just started, as the first request after a start builds it:
// a new connection (a new backend), no code yet compiled by V8, an empty cache; the database's own cache as it
// is. Run by bench/sitemaps.ts once per document; prints one line of JSON.
//
//   node --conditions=react-server --import tsx bench/sitemap-cold.ts DATABASE_URL index|pages|K
import { openDatabase } from "@/lib/db/client";
import { createSitemaps, sitemapResponse, type SitemapFile } from "@/lib/seo/sitemaps";

const [url, what] = process.argv.slice(2);
const handle = await openDatabase({ databaseUrl: url });
const sitemaps = createSitemaps({ getDb: async () => handle.db, base: () => "https://shiyue.example" });
const started = performance.now();
const doc = what === "index" ? await sitemaps.index() : await sitemaps.file((what === "pages" ? "pages" : Number(what)) as SitemapFile);
const built = performance.now() - started;
// Its 200 as the route answers it (before Next.js compresses it for the client).
await (await sitemapResponse(new Request("https://shiyue.example/"), doc)).arrayBuffer();
console.log(JSON.stringify({ what, built, answered: performance.now() - started, urls: doc?.urls ?? 0 }));
await handle.close();
process.exit(0);
