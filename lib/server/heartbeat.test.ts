import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { beat, startHeartbeat, stopHeartbeat } from "./heartbeat";

const answering = { execute: vi.fn(async () => ({ rows: [{ "?column?": 1 }] })) } as unknown as Db;
const down = { execute: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) } as unknown as Db;
const exists = (path: string) => stat(path).then(() => true, () => false);

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "heartbeat-"));
  file = join(dir, "worker.alive");
});
afterEach(async () => {
  await stopHeartbeat();
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe("worker heartbeat", () => {
  it("writes the time once the database answers", async () => {
    await beat({ db: answering, file, now: new Date("2026-05-01T08:00:00Z") });
    expect(await readFile(file, "utf8")).toBe("2026-05-01T08:00:00.000Z\n");
  });

  it("writes nothing while the database does not answer", async () => {
    await expect(beat({ db: down, file })).rejects.toThrow("ECONNREFUSED");
    expect(await exists(file)).toBe(false);
  });

  it("logs a failing database once, its recovery once, and removes the file when stopped", async () => {
    const lines = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const info = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    let db = down;
    let beats = 0; // beats begun: each asks for the database first
    startHeartbeat(async () => (beats++, db), file, 10);
    await vi.waitFor(() => expect(lines.mock.calls.length).toBeGreaterThan(0));
    // Several more failed beats: a beat begins only after the one before it has ended (and logged, if it does).
    const logged = beats;
    await vi.waitFor(() => expect(beats).toBeGreaterThanOrEqual(logged + 4));
    expect(lines.mock.calls.filter(([l]) => String(l).includes("worker heartbeat failed"))).toHaveLength(1);
    expect(await exists(file)).toBe(false);
    db = answering;
    await vi.waitFor(async () => expect(await exists(file)).toBe(true));
    expect(info.mock.calls.filter(([l]) => String(l).includes("worker heartbeat restored"))).toHaveLength(1);
    await stopHeartbeat();
    expect(await exists(file)).toBe(false);
  });
});
