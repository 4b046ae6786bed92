// The e2e servers' /metrics token (playwright.config.ts) and a reader of one scrape.
import type { APIRequestContext } from "@playwright/test";

export const METRICS_TOKEN = "e2e-metrics-token-0123456789";

/** Sums the samples of `name` whose labels include every one of `labels`. */
export function total(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

export async function scrape(request: APIRequestContext, base = ""): Promise<string> {
  const res = await request.get(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status() !== 200) throw new Error(`/metrics answered ${res.status()}`);
  return res.text();
}
