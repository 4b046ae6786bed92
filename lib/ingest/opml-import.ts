import "server-only";
// An OPML subscription list into feed sources, one entry at a time with the rules of `addSource`: a feed
// already collected is left as it is, an entry that cannot be added is skipped with the reason, and 拾阅's own
// attributes (platform, interval, items per poll) are kept when they are valid. `npm run feeds -- import` and
// the console's OPML import both answer this report.
import type { Db, Tx } from "@/lib/db/client";
import type { FeedSource } from "@/lib/db/schema";
import { platformByKey } from "@/lib/articles/platforms";
import { parseOpml } from "./opml";
import { DEFAULT_INTERVAL_SECONDS } from "./schedule";
import { addSource, SourceError } from "./sources";

/** More outlines than this in one file is refused as a whole (an operator's list has hundreds). */
export const OPML_MAX_ENTRIES = 2000;

export type OpmlImport = {
  /** Feeds (outlines with an xmlUrl, each URL once) in the file. */
  total: number;
  added: FeedSource[];
  existing: FeedSource[];
  skipped: { url: string; reason: string }[];
};

/**
 * Adds every feed of `xml`. `intervalSeconds` and `maxItems` apply where the file gives none. An unknown
 * platform in the file falls back to 自动识别. Throws OpmlError when the text is not OPML, SourceError when it
 * lists more than OPML_MAX_ENTRIES feeds.
 */
export async function importOpml({
  db,
  xml,
  intervalSeconds = DEFAULT_INTERVAL_SECONDS,
  maxItems,
  allowPrivate = false,
}: {
  db: Db | Tx;
  xml: string;
  intervalSeconds?: number;
  maxItems?: number;
  allowPrivate?: boolean;
}): Promise<OpmlImport> {
  const entries = parseOpml(xml);
  if (entries.length > OPML_MAX_ENTRIES) throw new SourceError(`OPML 中的订阅源太多（${entries.length} 个，一次最多 ${OPML_MAX_ENTRIES} 个）`);
  const report: OpmlImport = { total: entries.length, added: [], existing: [], skipped: [] };
  for (const entry of entries) {
    try {
      const { source, created } = await addSource({
        db,
        url: entry.url,
        title: entry.title,
        platform: platformByKey(entry.platform) ? entry.platform : undefined,
        intervalSeconds: entry.intervalSeconds ?? intervalSeconds,
        maxItems: entry.maxItems ?? maxItems,
        allowPrivate,
      });
      (created ? report.added : report.existing).push(source);
    } catch (err) {
      if (!(err instanceof SourceError)) throw err;
      report.skipped.push({ url: entry.url, reason: err.message });
    }
  }
  return report;
}
