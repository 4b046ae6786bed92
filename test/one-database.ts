// Tests about one database engine only, in a file that runs on both (`// Both databases:`, vitest.config.ts): they
// are declared on that engine's project and not at all on the other's, so CI — which runs such files on both —
// reports none of them skipped. Each use says above it why the other engine has no such test. Files that only
// hold one engine's tests are not marked `// Both databases:` and use Vitest's skipIf (where the other project
// collects them, the reason shows as a skip).
import { describe } from "vitest";

export type Engine = "postgres" | "pglite";

/** The engine this integration project runs on (vitest.config.ts sets TEST_DB_DRIVER). */
export const engine: Engine = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

/** `describe(title, body)` on `only`'s project; on the other, nothing is declared. */
export function describeOn(only: Engine, title: string, body: () => void): void {
  if (engine === only) describe(title, body);
}
