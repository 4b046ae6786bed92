// Issue 22's Lighthouse targets, stated against a blank Next.js page scored in the same run on the same
// machine (simulated throttling scales what the host CPU does, so only the difference is comparable).
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export type PageResult = { path: string; median: Record<Category, number>; metrics: Record<string, number> };
export type TargetCheck = { path: string; target: string; value: string; met: boolean };

/** The pages readers land on, each held to the blank page's performance score within this many points. */
export const TARGET_PAGES = ["/", "/about", "/articles/{id}", "/login/sms", "/smart-summary"];
export const PERFORMANCE_MARGIN = 5;
export const HOME_TBT_MARGIN_MS = 150;
export const HOME_LCP_MS = 2000;
export const HOME_CLS = 0.02;
/** Sign-in pages carry `noindex` by design: Lighthouse's is-crawlable audit takes their SEO score down. */
const NOINDEX = new Set(["/login/sms"]);

/** `/articles/123` is reported as `/articles/{id}`. */
export const pageKey = (path: string) => path.replace(/^\/articles\/\d+$/, "/articles/{id}");

/** Every target of the issue for the pages measured, met or not, with the measured value. */
export function checkTargets(blank: PageResult, pages: PageResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const floor = blank.median.performance - PERFORMANCE_MARGIN;
  for (const page of pages) {
    const key = pageKey(page.path);
    if (!TARGET_PAGES.includes(key)) continue;
    checks.push({ path: key, target: `performance ≥ ${floor} (blank ${blank.median.performance} − ${PERFORMANCE_MARGIN})`, value: String(page.median.performance), met: page.median.performance >= floor });
    for (const category of ["accessibility", "best-practices", "seo"] as const) {
      if (category === "seo" && NOINDEX.has(key)) continue;
      checks.push({ path: key, target: `${category} 100`, value: String(page.median[category]), met: page.median[category] === 100 });
    }
    if (key !== "/") continue;
    const tbt = blank.metrics["total-blocking-time"] + HOME_TBT_MARGIN_MS;
    const m = page.metrics;
    checks.push({ path: key, target: `TBT ≤ ${Math.round(tbt)} ms (blank + ${HOME_TBT_MARGIN_MS})`, value: `${Math.round(m["total-blocking-time"])} ms`, met: m["total-blocking-time"] <= tbt });
    checks.push({ path: key, target: `LCP ≤ ${HOME_LCP_MS} ms`, value: `${Math.round(m["largest-contentful-paint"])} ms`, met: m["largest-contentful-paint"] <= HOME_LCP_MS });
    checks.push({ path: key, target: `CLS ≤ ${HOME_CLS}`, value: m["cumulative-layout-shift"].toFixed(3), met: m["cumulative-layout-shift"] <= HOME_CLS });
  }
  return checks;
}
