// /metrics: the registry in Prometheus' text format. On the public port the front door answers it, before
// Next.js, to `Authorization: Bearer <METRICS_TOKEN>` only (no token configured: Next's 404, as for any unknown
// path). METRICS_PORT serves it without a token on a port of its own, for a scraper inside the operator's network;
// the worker process, which has no public port, is scraped there. The gauges read at a scrape (collectors.ts) are
// registered by the process at start-up (lib/server/start.ts, scripts/worker.ts).
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { defaultDetail } from "@/lib/api/errors";
import { getConfig } from "@/lib/config";
import { errorMessage, log } from "@/lib/log";
import { header, type FrontAnswer } from "@/lib/server/front-door";
import { registry } from "./index";

async function sendMetrics(res: ServerResponse): Promise<void> {
  const r = registry();
  const body = await r.metrics();
  res.writeHead(200, { "content-type": r.contentType, "cache-control": "no-store" }).end(body);
}

const sameSecret = (given: string, wanted: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const answerMetrics: FrontAnswer = (req: IncomingMessage, res: ServerResponse) => {
  if ((req.url ?? "").split("?")[0] !== "/metrics") return null;
  const token = getConfig().METRICS_TOKEN;
  if (!token) return Promise.resolve(false);
  if (req.method !== "GET" && req.method !== "HEAD") {
    res
      .writeHead(405, { "content-type": "application/json", allow: "GET, HEAD", "cache-control": "no-store" })
      .end(JSON.stringify({ detail: defaultDetail("method_not_allowed") }));
    return Promise.resolve(true);
  }
  if (!sameSecret(header(req, "authorization") ?? "", `Bearer ${token}`)) {
    res
      .writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" })
      .end(JSON.stringify({ detail: "需要有效的指标令牌（Authorization: Bearer …）" }));
    return Promise.resolve(true);
  }
  return sendMetrics(res).then(() => true);
};

let server: Server | undefined;

/** The token-free /metrics on METRICS_PORT (all interfaces: keep the port off the internet), when it is set. */
export async function startMetricsServer(): Promise<void> {
  const port = getConfig().METRICS_PORT;
  if (!port || server) return;
  const s = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") return void res.writeHead(404).end();
    sendMetrics(res).catch((err) => {
      log.warn("metrics_failed", { error: errorMessage(err) });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => s.once("error", reject).listen(port, "0.0.0.0", resolve));
  server = s;
  log.info("metrics listening", { port });
}

export async function stopMetricsServer(): Promise<void> {
  const s = server;
  server = undefined;
  if (s) await new Promise((resolve) => s.close(resolve));
}
