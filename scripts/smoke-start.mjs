// The README's first command on the Node.js that runs this script, as a new user runs it: `npm start` on a fresh
// embedded database (it builds when the build is not this Node.js line's), then the site must answer: ready, the
// seeded feed, the home page with its articles, and a clean stop on Ctrl+C. .ci/run runs it under Node.js 20
// (docs/testing.md: what the Node.js 20 line proves). Each check is counted like a test, in
// test-results/smoke.json (scripts/test-totals.mjs reads it).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const data = mkdtempSync(join(tmpdir(), "shiyue-smoke-"));
const checks = [];
async function check(name, fn) {
  try {
    await fn();
    checks.push({ name, ok: true });
    console.log(`  ✓ ${name}`);
  } catch (err) {
    checks.push({ name, ok: false, error: String(err?.message ?? err) });
    console.log(`  ✗ ${name}: ${err?.message ?? err}`);
  }
}
const expect = (ok, message) => {
  if (!ok) throw new Error(message);
};

console.log(`npm start on Node.js ${process.version}, port ${port}, a fresh embedded database in ${data}`);
const server = spawn("npm", ["start"], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", DATABASE_URL: "", PGLITE_DIR: join(data, "pglite") },
  detached: true,
});
let output = "";
server.stdout.on("data", (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve(code ?? signal)));
// Every process of the tree (npm, tsx, the start script, the server) has let go of the output.
const outputClosed = new Promise((resolve) => server.stdout.on("close", resolve));
let gone = false;
void exited.then(() => (gone = true));

await check("builds when needed and answers /api/ready", async () => {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    expect(!gone, "npm start exited before the site was ready");
    if ((await fetch(`${base}/api/ready`).then((r) => r.status, () => 0)) === 200) return;
    expect(Date.now() < deadline, "not ready after 15 minutes");
    await new Promise((r) => setTimeout(r, 500)); // the next attempt, after this one's refusal or 503
  }
});
let titles = [];
await check("serves the seeded feed: page 1 holds 20 articles", async () => {
  const body = await (await fetch(`${base}/api/v1/articles?page=1`)).json();
  titles = body.data.items.map((a) => a.title);
  expect(titles.length === 20, `page 1 held ${titles.length} articles`);
});
await check("serves the home page with the feed's articles", async () => {
  const res = await fetch(`${base}/`);
  const html = await res.text();
  expect(res.status === 200 && html.includes("拾阅"), `the home page answered ${res.status}`);
  expect(titles.length > 0 && html.includes(titles[0].replace(/&/g, "&amp;").replace(/</g, "&lt;")), "the first article of the feed is not on the home page");
});
await check("stops cleanly on Ctrl+C: the database closed, the port free", async () => {
  // Ctrl+C in a terminal: SIGINT to every process of the foreground group (npm, the start script, the server).
  process.kill(-server.pid, "SIGINT");
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running after 30 s"), 30_000).unref())]);
  expect([0, 130, "SIGINT"].includes(code), `npm start ended with ${code}`);
  await Promise.race([outputClosed, new Promise((r) => setTimeout(r, 30_000).unref())]);
  expect(output.includes('"msg":"database closed"'), "the server did not log that it closed its database");
  expect((await fetch(`${base}/api/ready`).then(() => "answered", () => "closed")) === "closed", "the port still answers");
});
if (!gone) process.kill(-server.pid, "SIGKILL");
rmSync(data, { recursive: true, force: true });

mkdirSync(join(root, "test-results"), { recursive: true });
writeFileSync(join(root, "test-results", "smoke.json"), JSON.stringify({ node: process.version, checks }, null, 2));
process.exit(checks.every((c) => c.ok) ? 0 : 1);
