import "server-only";
// Server-sent events for the chat (DESIGN.md "API contract"): one `data: {json}` line per event, a
// heartbeat comment every 15 s while nothing else is sent, no [DONE]. The producer is aborted when the
// client goes away (request aborted or stream cancelled), and so are the request's database queries.
import { queryCanceled } from "@/lib/db/errors";
import { cancelQueriesOn } from "@/lib/db/request-scope";
import { errorMessage, log } from "@/lib/log";
import { MSG } from "@/lib/messages";

export const HEARTBEAT_MS = 15_000;

type Event = { type: string; content: string };

export function sseResponse(produce: (signal: AbortSignal) => AsyncIterable<Event>, requestSignal?: AbortSignal, heartbeatMs = HEARTBEAT_MS): Response {
  const controller = new AbortController();
  requestSignal?.addEventListener("abort", () => controller.abort(), { once: true });
  if (requestSignal?.aborted) controller.abort();
  cancelQueriesOn(controller.signal);
  const encoder = new TextEncoder();
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const stream = new ReadableStream<Uint8Array>({
    async start(out) {
      let last = Date.now();
      const send = (text: string) => {
        if (controller.signal.aborted) return;
        last = Date.now();
        try {
          out.enqueue(encoder.encode(text));
        } catch {
          controller.abort(); // the stream was closed under us
        }
      };
      heartbeat = setInterval(() => {
        if (Date.now() - last >= heartbeatMs - 50) send(": ping\n\n");
      }, Math.min(heartbeatMs, 1000));
      try {
        for await (const event of produce(controller.signal)) {
          if (controller.signal.aborted) break;
          send(`data: ${JSON.stringify(event)}\n\n`);
        }
      } catch (err) {
        if (!controller.signal.aborted) {
          const timedOut = queryCanceled(err); // a statement over DB_STATEMENT_TIMEOUT_MS
          if (timedOut) log.warn("chat stream: statement timeout", { error: errorMessage(err) });
          else log.error("chat stream failed", { error: errorMessage(err) });
          send(`data: ${JSON.stringify({ type: "error", content: timedOut ? MSG.queryTimeout : "服务暂时不可用，请稍后再试" })}\n\n`);
        }
      } finally {
        clearInterval(heartbeat);
        try {
          out.close();
        } catch {
          /* already closed by a cancel */
        }
      }
    },
    cancel() {
      clearInterval(heartbeat);
      controller.abort();
    },
  });

  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
