// Environment variables set for one test and put back after it (the configuration is read again both times).
import { afterEach } from "vitest";
import { resetConfig } from "@/lib/config";

const restore: (() => void)[] = [];

/** Sets `values` for the current test; an afterEach registered by this module restores them. */
export function withEnv(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const before = process.env[name];
    process.env[name] = value;
    restore.push(() => (before === undefined ? delete process.env[name] : (process.env[name] = before)));
  }
  resetConfig();
}

afterEach(() => {
  while (restore.length) restore.pop()!();
  resetConfig();
});
