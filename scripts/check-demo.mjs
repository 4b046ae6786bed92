// Checks content/demo/*.md: front matter fields, body length 300–2000 characters, unique source URLs.
// Usage: node scripts/check-demo.mjs
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = new URL("../content/demo/", import.meta.url).pathname;
const PLATFORMS = "wechat zhihu juejin bilibili xiaohongshu weibo sspai 36kr douban csdn cnblogs infoq github youtube medium".split(" ");
const REQUIRED = ["title", "author", "platform", "source_url", "summary", "days_ago", "likes", "comments", "favorites", "views"];
const urls = new Map();
let bad = 0;
const files = readdirSync(dir).filter((f) => /^\d+-.+\.md$/.test(f)).sort();
for (const f of files) {
  const text = readFileSync(join(dir, f), "utf8");
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const errs = [];
  if (!m) errs.push("no front matter");
  else {
    const meta = Object.fromEntries(m[1].split("\n").map((l) => [l.slice(0, l.indexOf(":")).trim(), l.slice(l.indexOf(":") + 1).trim()]));
    for (const k of REQUIRED) if (!meta[k]) errs.push(`missing ${k}`);
    if (meta.platform && !PLATFORMS.includes(meta.platform)) errs.push(`platform ${meta.platform}`);
    const n = [...m[2].trim()].length;
    if (n < 300 || n > 2000) errs.push(`body ${n} chars`);
    if (urls.has(meta.source_url)) errs.push(`duplicate url with ${urls.get(meta.source_url)}`);
    urls.set(meta.source_url, f);
    const d = Number(meta.days_ago);
    if (!(d >= 0 && d <= 89)) errs.push("days_ago");
    if (!(Number(meta.views) >= Number(meta.likes) && Number(meta.likes) >= 0)) errs.push("counts");
  }
  if (errs.length) { bad++; console.log(`${f}: ${errs.join(", ")}`); }
}
console.log(`${files.length} files, ${bad} with problems`);
process.exit(bad ? 1 : 0);
