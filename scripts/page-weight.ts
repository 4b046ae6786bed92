// npm run page-weight: first-load JavaScript (gzip, level 9) of every page route, read from the production
// build in .next/ (no server needed), against its budget. Exits 1 when a route is over budget.
// e2e/page-weight.spec.ts checks the same budgets over HTTP in `npm test`.
import { budgetFor, buildFirstLoadJs, kB, overBudget } from "../bench/page-weight";

const weights = buildFirstLoadJs();
const width = Math.max(...weights.map((w) => w.route.length));
console.log(`${"route".padEnd(width)}  files  raw kB  gzip kB  budget kB`);
const over = overBudget(weights);
for (const w of weights) {
  const budget = budgetFor(w.route);
  const fails = over.includes(w);
  console.log(`${w.route.padEnd(width)}  ${String(w.files).padStart(5)}  ${kB(w.raw).padStart(6)}  ${kB(w.gzip).padStart(7)}  ${kB(budget).padStart(9)}${fails ? "  OVER BUDGET" : ""}`);
}
if (over.length > 0) {
  console.error(`${over.length} route(s) over their first-load JavaScript budget`);
  process.exit(1);
}
