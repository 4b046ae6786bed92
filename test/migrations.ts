// How many migrations are committed in drizzle/ (tests compare the database against it).
import { readFileSync } from "node:fs";

export const COMMITTED_MIGRATIONS = (
  JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] }
).entries.length;
