import { describe, expect, it } from "vitest";
import { budgetFor, HOME_BUDGET, overBudget, ROUTE_BUDGET, scriptsInHtml } from "./page-weight";

describe("first-load JavaScript budgets", () => {
  it("holds the home page to its own budget and every other route to the route budget", () => {
    expect(budgetFor("/")).toBe(HOME_BUDGET);
    expect(budgetFor("/about")).toBe(ROUTE_BUDGET);
    expect(HOME_BUDGET).toBeLessThan(ROUTE_BUDGET);
  });

  it("flags a route one byte over its budget and passes one at its budget", () => {
    const weights = [
      { route: "/", gzip: HOME_BUDGET + 1 },
      { route: "/about", gzip: ROUTE_BUDGET },
      { route: "/smart-summary", gzip: ROUTE_BUDGET + 1 },
    ];
    expect(overBudget(weights).map((w) => w.route)).toEqual(["/", "/smart-summary"]);
  });

  it("counts the module scripts a page names, once each, and not its legacy polyfills", () => {
    const html = `<script src="/_next/static/chunks/a.js" async></script><script src="/_next/static/chunks/poly.js" noModule></script>
      <script>self.__next_f.push([1,"3:\\"/_next/static/chunks/b.js\\"\\n4:\\"/_next/static/chunks/a.js\\""])</script>`;
    expect(scriptsInHtml(html)).toEqual(["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"]);
  });
});
