// The first-load JavaScript budget (issue 9), in `npm test`: every page route of the production build the
// journeys run against, weighed from the build's manifests, and the public pages weighed again over HTTP
// from the scripts their HTML names. Any route over its budget fails the suite. Runs once (desktop).
import { expect, test } from "./support/fixtures";
import { budgetFor, buildFirstLoadJs, firstLoadJs, HOME_BUDGET, kB, overBudget } from "../bench/page-weight";

const build = buildFirstLoadJs();

test("every page route of the build is within its first-load JavaScript budget", () => {
  expect(build.length, "page routes found in the build").toBeGreaterThanOrEqual(15);
  for (const w of build) test.info().annotations.push({ type: "first-load JS", description: `${w.route} ${kB(w.gzip)} kB gzip (budget ${kB(budgetFor(w.route))} kB)` });
  expect(overBudget(build).map((w) => `${w.route}: ${kB(w.gzip)} kB`)).toEqual([]);
  expect(build.find((w) => w.route === "/")!.gzip).toBeLessThanOrEqual(HOME_BUDGET);
});

for (const path of ["/", "/about", "/login/sms", "/smart-summary", "/summary-progress?url=https%3A%2F%2Fexample.com%2Fa&method=quick"]) {
  test(`over HTTP, ${path} loads no more JavaScript than the build says, within budget`, async ({ baseURL }) => {
    const route = new URL(path, baseURL).pathname;
    const served = await firstLoadJs(baseURL!, path);
    const built = build.find((w) => w.route === route)!;
    expect(served.gzip, `${path}: ${kB(served.gzip)} kB gzip over HTTP`).toBeLessThanOrEqual(budgetFor(route));
    // The HTML may name a chunk or two fewer than the manifests (boundaries not rendered), never more.
    expect(served.gzip).toBeLessThanOrEqual(built.gzip + 1024);
  });
}
