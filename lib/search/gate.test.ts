import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { SearchGate } from "./gate";

const later = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

afterEach(() => vi.useRealTimers());

describe("SearchGate", () => {
  it("runs at most `slots` at once and the rest in arrival order", async () => {
    const gate = new SearchGate(2);
    const started: number[] = [];
    const holds = [later(), later(), later(), later()];
    const runs = holds.map((h, i) => gate.run(async () => (started.push(i), await h.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.queued).toBe(2);
    holds[1].resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    holds[0].resolve();
    holds[2].resolve();
    holds[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(gate.queued).toBe(0);
    // Every slot is free again.
    const free = [gate.run(async () => "a"), gate.run(async () => "b")];
    expect(await Promise.all(free)).toEqual(["a", "b"]);
  });

  it("frees the slot when the search fails", async () => {
    const gate = new SearchGate(1);
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });

  it("answers 503 with Retry-After to a search that waited too long, and lets the queue go on", async () => {
    vi.useFakeTimers();
    const gate = new SearchGate(1, 1_000);
    const hold = later();
    const first = gate.run(() => hold.promise);
    const waiting = gate.run(async () => "never");
    const outcome = waiting.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_001);
    const err = (await outcome) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(503);
    expect(err.detail).toBe("搜索的人有点多，请稍后再试");
    expect(err.headers["retry-after"]).toBe("2");
    expect(gate.queued).toBe(0);
    hold.resolve();
    await first;
    expect(await gate.run(async () => "after")).toBe("after");
  });

  it("drops a waiting search whose client went away", async () => {
    const gate = new SearchGate(1);
    const hold = later();
    const first = gate.run(() => hold.promise);
    const controller = new AbortController();
    const fn = vi.fn(async () => "ran");
    const waiting = gate.run(fn, controller.signal).catch((e: ApiError) => e.status);
    controller.abort();
    expect(await waiting).toBe(499);
    hold.resolve();
    await first;
    expect(fn).not.toHaveBeenCalled();
    expect(gate.queued).toBe(0);
  });
});
