// The e2e servers' /metrics token (e2e/support/app-server.ts) and a reader of one scrape.
import type { APIRequestContext } from "@playwright/test";

export { total } from "../../test/metrics-text";

export const METRICS_TOKEN = "e2e-metrics-token-0123456789";

export async function scrape(request: APIRequestContext, base = ""): Promise<string> {
  const res = await request.get(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status() !== 200) throw new Error(`/metrics answered ${res.status()}`);
  return res.text();
}
