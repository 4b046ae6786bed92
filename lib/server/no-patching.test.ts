// The server patches nothing built in (issue 46): what happens to a request is server/main.ts and
// lib/server/pipeline.ts, in order, not a replaced http.Server.prototype.emit. This reads every file that runs in
// the product — the server, lib/, app/, components, hooks, the scripts and Next's hooks — for a built-in's
// prototype being reached for, or a built-in object having a member replaced. (Test harnesses may fake a browser's
// or a socket's built-ins inside their own processes: test/no-egress.ts, e2e/, bench/ are not the product.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["server", "lib", "app", "components", "hooks", "scripts"];
const FILES = ["instrumentation.ts", "proxy.ts", "next.config.ts"];
const BUILT_INS =
  "Server|IncomingMessage|ServerResponse|OutgoingMessage|ClientRequest|Agent|Socket|EventEmitter|Readable|Writable|Duplex|Transform|Stream|" +
  "Object|Array|String|Number|Boolean|Function|Promise|Date|RegExp|Map|Set|WeakMap|Error|Response|Request|Headers|URL|Buffer";
/** `Server.prototype` (read or written: the old front door kept it in a variable and replaced its emit). */
const PROTOTYPE = new RegExp(`\\b(?:http\\.|https\\.|net\\.|stream\\.|events\\.)?(?:${BUILT_INS})\\.prototype\\b`);
/** `http.Server.emit = …`, `process.emit = …`, `globalThis.fetch = …`, `console.log = …` (not process.exitCode or title). */
const REPLACED = /\b(?:http|https|net|process|globalThis|console|dns|dns\.promises)\.(?!exitCode\b|title\b)(?:\w+)\s*=(?!=)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const offending = (text: string) =>
  text
    .split("\n")
    .map((line, i) => ({ line: i + 1, text: line }))
    .filter(({ text: l }) => !/^\s*(\/\/|\*)/.test(l) && (PROTOTYPE.test(l) || REPLACED.test(l)));

describe("no built-in is patched", () => {
  it("finds what the old front door did", () => {
    expect(offending("const proto = Server.prototype as Server;\nproto.emit = function () {};")).toHaveLength(1);
    expect(offending("http.Server.prototype.emit = e;")).toHaveLength(1);
    expect(offending('process.emit = ((event) => event === "x") as never;')).toHaveLength(1);
    expect(offending("if (process.exitCode === 1) stop();")).toHaveLength(0);
  });

  it("in any file of the product", () => {
    const files = [...ROOTS.flatMap(sources), ...FILES];
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => offending(readFileSync(file, "utf8")).map((o) => `${file}:${o.line}: ${o.text.trim()}`));
    expect(found).toEqual([]);
  });
});
