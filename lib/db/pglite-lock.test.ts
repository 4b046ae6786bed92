import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir, hostname } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./pglite-lock";

const base = mkdtempSync(join(tmpdir(), "shiyue-lock-"));
const other = spawn("sleep", ["30"]);
afterAll(() => other.kill());

describe("PGlite data directory lock", () => {
  it("is taken and released by its owner", () => {
    const dir = join(base, "a");
    const release = lockDataDir(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a directory held by another live process, naming it", () => {
    const dir = join(base, "b");
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid, host: hostname(), startedAt: "" }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${other.pid}`));
  });

  it("takes over a lock left by a process that died", () => {
    const dir = join(base, "c");
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), startedAt: "" }));
    const release = lockDataDir(dir);
    release();
  });
});
