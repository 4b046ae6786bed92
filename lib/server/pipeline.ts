// What happens to every request this server receives, in this order (server/main.ts makes the HTTP server with it;
// docs/server.md):
//   1. the peer address      peer-address.ts       the socket's address, in a header no client can set
//   2. id, metrics, log      request-note.ts       X-Request-Id, the request metrics, the page log line
//   3. admission             warm-up.ts            while the process is cold, a proxied GET gets a 503 to retry elsewhere
//                            admission.ts          the client's budget; past it an immediate 429
//   4. answers from memory   lib/metrics/serve.ts  /metrics to its token
//                            kept-pages.ts         a visitor's home page, permalinks and digests kept in memory
//                            kept-searches.ts      a visitor's kept search pages
//   5. Next.js               its request handler: proxy.ts, then app/
// Steps 1–3 are synchronous and cost microseconds; an answerer of step 4 either declines at once or takes the
// request and settles whether it answered (false: Next.js answers after all).
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { errorMessage, log } from "@/lib/log";
import { answerMetrics } from "@/lib/metrics/serve";
import { createAdmission, requestKind, type Admission } from "./admission";
import type { FrontAnswer } from "./front-door";
import { answerKeptPage } from "./kept-pages";
import { answerKeptSearch } from "./kept-searches";
import { stampPeerAddress } from "./peer-address";
import { noteRequest } from "./request-note";
import { turnAwayWhileCold } from "./warm-up";

export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<unknown>;

/** The answerers of step 4, asked in order; the first that takes a request owns it. */
export const FRONT_ANSWERERS: FrontAnswer[] = [answerMetrics, answerKeptPage, answerKeptSearch];

export function createRequestHandler({ next, admission = createAdmission(), answerers = FRONT_ANSWERERS }: { next: NextHandler; admission?: Admission; answerers?: FrontAnswer[] }): RequestListener {
  const toNext = (req: IncomingMessage, res: ServerResponse) => {
    next(req, res).catch((err) => failed(req, res, err));
  };
  return (req, res) => {
    stampPeerAddress(req);
    noteRequest(req, res);
    if (requestKind(req) && turnAwayWhileCold(req, res)) return;
    const admitted = admission.admit(req, res);
    if (admitted === true) answerOrPass(req, res);
    else if (admitted !== false) admitted.then((go) => go && answerOrPass(req, res));
  };
  /** Steps 4 and 5: an answer from memory, else Next.js. */
  function answerOrPass(req: IncomingMessage, res: ServerResponse) {
    let taken: Promise<boolean> | null = null;
    for (const answer of answerers) {
      try {
        taken = answer(req, res);
      } catch (err) {
        log.warn("front_door_failed", { path: req.url, error: errorMessage(err) });
      }
      if (taken) break;
    }
    if (!taken) return toNext(req, res);
    taken.then(
      (answered) => {
        if (!answered && !res.headersSent) toNext(req, res);
      },
      (err) => {
        log.warn("front_door_failed", { path: req.url, error: errorMessage(err) });
        if (res.headersSent) res.destroy();
        else toNext(req, res); // Next.js answers the request as usual
      },
    );
  }
}

/** What Next's own server does when its handler throws: a 500 and one log line. */
function failed(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  log.error("request_failed", { path: (req.url ?? "").split("?")[0], error: errorMessage(err) });
  if (res.headersSent) res.destroy();
  else res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Internal Server Error");
}
