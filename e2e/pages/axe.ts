import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

const AXE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/**
 * The rules a page must pass: every WCAG 2.0, 2.1 and 2.2 rule at levels A and AA and axe's best practices,
 * experimental ones included. Left out: AAA rules (color-contrast-enhanced and the like) and rules axe itself
 * marks deprecated.
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

type AxeNode = { target: (string | string[])[]; failureSummary?: string; html: string };
type AxeResult = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
type Axe = {
  getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
  run: (ctx: Document, opts: object) => Promise<{ violations: AxeResult[] }>;
};

/** How many failing elements of one rule the report names (the rest are counted). */
const SHOWN = 5;

/**
 * Runs axe-core on the page as it is (light or dark, phone or desktop) with AXE_TAGS' rules and returns one
 * readable entry per failing rule: its id, impact and summary, then the failing elements (selector, markup,
 * what to fix). No rule is turned off, for any element.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A string evaluated by the test (not eval() in the page, which the page's CSP forbids).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const found = await page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: Axe }).axe;
      const rules = axe
        .getRules(tags)
        .filter((r) => !r.tags.includes("deprecated"))
        .map((r) => r.ruleId);
      // Parts the browser may skip while off screen (content-visibility: auto, the feed's cards) are laid out as
      // they are once scrolled to: skipped, a card keeps a placeholder height its content overflows, and axe would
      // measure overlaps (target-size) that no reader ever sees.
      const skipped = [...document.querySelectorAll<HTMLElement>("*")].filter((el) => getComputedStyle(el).contentVisibility === "auto");
      for (const el of skipped) el.style.contentVisibility = "visible";
      const { violations } = await axe.run(document, { runOnly: { type: "rule", values: rules }, resultTypes: ["violations"] }).finally(() => {
        for (const el of skipped) el.style.contentVisibility = "";
      });
      return violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.flat().join(" "), html: n.html, fix: n.failureSummary ?? "" })),
      }));
    },
    AXE_TAGS,
  );
  const indent = (text: string) => text.replace(/\n\s*/g, "\n      ");
  return found.map((v) => {
    const nodes = v.nodes.slice(0, SHOWN).map((n) => `  - ${n.target}\n      ${n.html.slice(0, 200)}\n      ${indent(n.fix)}`);
    const more = v.nodes.length > SHOWN ? [`  … and ${v.nodes.length - SHOWN} more`] : [];
    return [`${v.rule} (${v.impact}, ${v.nodes.length} element${v.nodes.length > 1 ? "s" : ""}): ${v.help}`, ...nodes, ...more].join("\n");
  });
}
