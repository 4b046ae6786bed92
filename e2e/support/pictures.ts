// Pictures of pages for people to look at (an issue's acceptance, a review), not assertions: taken only when
// E2E_PICTURES=1, since a full-page screenshot costs a second or more of a 2-core machine on every run.
//   E2E_PICTURES=1 npm run test:e2e -- --project=phone e2e/admin.spec.ts
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Page } from "@playwright/test";

export const picturesWanted = () => process.env.E2E_PICTURES === "1";

export async function picture(page: Page, path: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!picturesWanted()) return;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, ...opts });
}
