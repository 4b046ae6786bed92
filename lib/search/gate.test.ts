import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { BUSY_GAP_MS, BUSY_PATIENCE_MS, SearchGate } from "./gate";
import type { LoadSignal } from "./loop-lag";

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

/** A loop whose business the test decides, read when the test says. */
class FakeLoad implements LoadSignal {
  isBusy = false;
  private readonly listeners = new Set<(calm: boolean) => void>();
  busy() {
    return this.isBusy;
  }
  subscribe(fn: (calm: boolean) => void) {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
  /** A reading that found the loop on time (`calm`) or late. */
  read(calm: boolean) {
    for (const fn of [...this.listeners]) fn(calm);
  }
  get listening() {
    return this.listeners.size > 0;
  }
}

describe("SearchGate on a busy event loop", () => {
  it("runs one search at a time, the next at a reading that finds the loop on time or BUSY_GAP_MS after the last", async () => {
    const load = new FakeLoad();
    load.isBusy = true;
    let clock = 1_000;
    const gate = new SearchGate(3, 10_000, load, () => clock);
    const started: number[] = [];
    const holds = [later(), later(), later(), later(), later()];
    const runs = holds.map((h, i) => gate.run(async () => (started.push(i), await h.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0]);
    expect(gate.queued).toBe(4);
    clock += 10;
    holds[0].resolve();
    expect(await runs[0]).toBe(0);
    // The slot is free, but the pages queued meanwhile go first: nothing starts until a reading says so.
    expect(gate.active).toBe(0);
    clock += 50;
    load.read(false);
    await Promise.resolve();
    expect(started).toEqual([0]);
    // Late again, but BUSY_GAP_MS after the last start: one more.
    clock += BUSY_GAP_MS - 60;
    load.read(false);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    // Busy: a reading on time while one search runs starts no other.
    load.read(true);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    holds[1].resolve();
    await runs[1];
    // A reading on time starts the next at once, however soon.
    load.read(true);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    // Calm again: every slot.
    load.isBusy = false;
    load.read(true);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    holds.forEach((h) => h.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
  });

  it("starts a search that has waited BUSY_PATIENCE_MS while another runs, however busy the loop", async () => {
    const load = new FakeLoad();
    load.isBusy = true;
    let clock = 0;
    const gate = new SearchGate(2, 10_000, load, () => clock);
    const started: number[] = [];
    const holds = [later(), later(), later()];
    const runs = holds.map((h, i) => gate.run(async () => (started.push(i), await h.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0]);
    // Readings, late or on time, while the first still runs: the others wait.
    clock = BUSY_PATIENCE_MS - 1;
    load.read(true);
    load.read(false);
    await Promise.resolve();
    expect(started).toEqual([0]);
    clock = BUSY_PATIENCE_MS;
    load.read(false);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    // Every slot taken: the third waits on, however long.
    clock = 10 * BUSY_PATIENCE_MS;
    load.read(false);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    holds.forEach((h) => h.resolve());
    await Promise.all(runs.slice(0, 2));
    load.read(false);
    expect(await runs[2]).toBe(2);
  });

  it("lets a lone search through at once", async () => {
    const load = new FakeLoad();
    load.isBusy = true;
    const gate = new SearchGate(3, 10_000, load);
    expect(await gate.run(async () => "alone")).toBe("alone");
  });

  it("runs every slot while the loop keeps up", async () => {
    const load = new FakeLoad();
    const gate = new SearchGate(2, 10_000, load);
    const started: number[] = [];
    const holds = [later(), later(), later()];
    const runs = holds.map((h, i) => gate.run(async () => (started.push(i), await h.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    holds[0].resolve();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    holds[1].resolve();
    holds[2].resolve();
    await Promise.all(runs);
  });

  it("listens to the loop only while searches run or wait", async () => {
    const load = new FakeLoad();
    load.isBusy = true;
    const gate = new SearchGate(1, 10_000, load);
    expect(load.listening).toBe(false);
    const hold = later();
    const first = gate.run(() => hold.promise);
    const controller = new AbortController();
    const second = gate.run(async () => "never", controller.signal).catch((e: ApiError) => e.status);
    expect(load.listening).toBe(true);
    controller.abort();
    expect(await second).toBe(499);
    expect(load.listening).toBe(true); // the first still runs
    hold.resolve();
    await first;
    expect(load.listening).toBe(false);
  });
});
