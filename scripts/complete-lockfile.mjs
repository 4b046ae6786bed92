// Adds the platform-specific optional packages that `npm install` left out of package-lock.json.
// The registry mirror on our build machines lacks some other-platform binaries (darwin, win32, …);
// npm then omits them from the lock and `npm ci` refuses the lock as out of sync. Each missing entry
// is written with its os/cpu/libc, so npm skips it on other platforms and fetches it where it fits.
// Run after changing dependencies: `npm install && node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "netbsd", "openbsd", "sunos", "aix"];
const CPU = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

const path = "package-lock.json";
const lock = JSON.parse(readFileSync(path, "utf8"));
const added = [];

for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    if (lock.packages[at]) continue;
    const parts = name.split("/").pop().split("-");
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p));
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    const entry = { version: version.replace(/^[\^~]/, ""), optional: true };
    if (pkg.dev) entry.dev = true;
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (parts.includes("musl") || parts.includes("musleabihf")) entry.libc = ["musl"];
    else if (os === "linux" && (parts.includes("gnu") || parts.includes("gnueabihf"))) entry.libc = ["glibc"];
    lock.packages[at] = entry;
    added.push(`${name}@${entry.version} (for ${key || "root"})`);
  }
}

const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} platform entries:\n  ${added.join("\n  ")}` : "lock file complete");
