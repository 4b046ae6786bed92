// The floor for the feed and search scenarios: capture the SQL the app's own query functions send for each
// path (page 1, the signed-in feed without read articles, every keyword), then serve those paths from
// bench/floor-server.ts in its own process, so it does not share the load generator's event loop.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { PAGE_SIZE } from "@/lib/articles/constants";
import { listArticles } from "@/lib/articles/queries";
import { searchArticles } from "@/lib/search/rank";
import { openDatabase, type Db } from "@/lib/db/client";
import { captureReplay, type Replay } from "./capture";
import { COMMON_KEYWORD, FEED_PATH, FEED_UNREAD_PATH, ONE_WORD_KEYWORDS, searchPath, TWO_WORD_KEYWORDS, WORST_KEYWORD } from "./scenarios";

const root = resolve(import.meta.dirname, "..");

/** What the app calls for each floor path (hybrid search without an embedding model is this full-text search). */
function appCalls(db: Db, userId: number): [string, () => Promise<unknown>][] {
  const limit = PAGE_SIZE;
  const keywords = [...ONE_WORD_KEYWORDS, ...TWO_WORD_KEYWORDS, WORST_KEYWORD, COMMON_KEYWORD];
  return [
    [FEED_PATH, () => listArticles({ db, page: 1, limit })],
    [FEED_UNREAD_PATH, () => listArticles({ db, page: 1, limit, reader: { userId, excludeRead: true } })],
    ...keywords.map((keyword): [string, () => Promise<unknown>] => [searchPath(keyword), () => searchArticles({ db, keyword, page: 1, limit })]),
  ];
}

export async function captureFloorRoutes(databaseUrl: string, userId: number): Promise<Record<string, Replay>> {
  const handle = await openDatabase({ databaseUrl });
  try {
    const routes: Record<string, Replay> = {};
    for (const [path, call] of appCalls(handle.db, userId)) {
      await call(); // connections open, so the capture sees queries overlap as they do in the app
      routes[path] = await captureReplay(call);
    }
    return routes;
  } finally {
    await handle.close();
  }
}

export type Floor = { base: string; stop: () => Promise<void> };

export async function startFloor(databaseUrl: string, routes: Record<string, Replay>): Promise<Floor> {
  const dir = mkdtempSync(join(tmpdir(), "shiyue-floor-"));
  const file = join(dir, "routes.json");
  writeFileSync(file, JSON.stringify(routes));
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "bench/floor-server.ts"), file, databaseUrl], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  const port = await new Promise<number>((ok, fail) => {
    child.once("exit", (code) => fail(new Error(`the floor server exited (${code})`)));
    createInterface({ input: child.stdout! }).once("line", (line) => ok((JSON.parse(line) as { port: number }).port));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
