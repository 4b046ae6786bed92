import { afterAll, expect, it } from "vitest";
import { GET as feedRoute } from "@/app/api/v1/articles/route";
import { GET as readyRoute } from "@/app/api/ready/route";
import { MSG } from "@/lib/messages";
import { call } from "@/test/api";
import { beginStopping, drainRequests, tracked } from "./lifecycle";

const state = (globalThis as unknown as { __shiyueLifecycle: { stopping: boolean } }).__shiyueLifecycle;
afterAll(() => void (state.stopping = false));

it("waits for requests in flight, up to its limit", async () => {
  let finish!: () => void;
  const slow = tracked(() => new Promise<void>((resolve) => (finish = resolve))); // in flight until finished here
  expect(await drainRequests(50)).toBe(1);
  const started = performance.now();
  const drained = drainRequests(5_000);
  finish();
  expect(await drained).toBe(0);
  expect(performance.now() - started).toBeLessThan(1_000);
  await slow;
});

it("once stopping, turns new API requests away with 503 and fails the readiness check", async () => {
  expect((await call(feedRoute, "/api/v1/articles?page=1")).status).toBe(200);
  beginStopping();
  const res = await call(feedRoute, "/api/v1/articles?page=1");
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ detail: MSG.restarting });
  expect(res.headers.get("retry-after")).toBe("5");
  expect((await call(readyRoute, "/api/ready")).status).toBe(503);
});
