// Reads compose.yaml for scripts/check-docker-stages.sh, which runs each service's command and health check
// without a Docker engine (no YAML library is among our dependencies). It understands only what compose.yaml
// keeps to: nested block mappings (with `<<: *anchor` merges), and values on the key's line — a command or health-check test as a one-line
// JSON array, a scalar plain or in quotes, with ${VAR:-default} / ${VAR:?message} interpolated from the
// environment. Anything else (a key not found, a key twice, a block-style list, a shell-form test) stops with
// exit code 1 and says where, so the check cannot quietly run something other than what compose runs.
//   node scripts/compose-read.mjs FILE services                  service names, NUL-separated
//   node scripts/compose-read.mjs FILE argv SERVICE KEY.PATH     a JSON array's items, NUL-separated ("CMD" dropped)
//   node scripts/compose-read.mjs FILE value SERVICE KEY.PATH    a scalar
import { readFileSync } from "node:fs";

const [file, what, service, keyPath] = process.argv.slice(2);
const fail = (message) => {
  console.error(`compose-read: ${file}: ${message}`);
  process.exit(1);
};
const lines = readFileSync(file, "utf8").split("\n");
const indent = (line) => line.length - line.trimStart().length;
const content = (line) => line.trim() !== "" && !line.trimStart().startsWith("#");

/** The keys directly inside lines [from, to) at their first indentation: name → { line, from, to }. */
function children(from, to) {
  const rows = [];
  for (let i = from; i < to; i++) if (content(lines[i])) rows.push(i);
  const depth = rows.length ? indent(lines[rows[0]]) : 0;
  const keys = new Map();
  const tops = rows.filter((i) => indent(lines[i]) === depth);
  tops.forEach((i, n) => {
    const m = /^\s*([\w.<-]+):(?:\s+(.*))?$/.exec(lines[i]);
    if (!m) fail(`line ${i + 1} is not a "key: value" line`);
    if (keys.has(m[1])) fail(`line ${i + 1}: ${m[1]} appears twice`);
    keys.set(m[1], { line: i, value: m[2] ?? "", from: i + 1, to: n + 1 < tops.length ? tops[n + 1] : to });
  });
  return keys;
}

/** The block a `<<: *name` merge key brings in: the lines under the key marked `&name`. */
function anchored(merge) {
  const name = /^\*([\w-]+)$/.exec(merge?.value.trim() ?? "")?.[1];
  const at = name ? lines.findIndex((l) => new RegExp(`:\\s+&${name}\\s*$`).test(l)) : -1;
  if (at < 0) return undefined;
  let to = at + 1;
  while (to < lines.length && (!content(lines[to]) || indent(lines[to]) > indent(lines[at]))) to++;
  return { from: at + 1, to };
}

function find(path) {
  let node = { from: 0, to: lines.length, value: "" };
  for (const key of path) {
    const kids = children(node.from, node.to);
    const base = kids.has(key) ? undefined : anchored(kids.get("<<"));
    const next = kids.get(key) ?? (base && children(base.from, base.to).get(key));
    if (!next) fail(`${path.join(".")}: ${key} not found`);
    node = next;
  }
  return node;
}

/** Compose's interpolation: $$ is a dollar; ${VAR}, $VAR, ${VAR:-default}, ${VAR:?message} (unset or empty). */
function interpolate(text, at) {
  return text.replace(/\$\$|\$(\w+)|\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (all, bare, name, op, arg) => {
    if (all === "$$") return "$";
    const set = process.env[bare ?? name];
    if (set) return set;
    if (op === "?") fail(`line ${at + 1}: ${name} is required (${arg})`);
    return op === "-" ? arg : "";
  });
}

function scalar(node) {
  const raw = node.value.trim();
  if (/^["[{]/.test(raw)) return JSON.parse(raw);
  const plain = raw.replace(/\s+#.*$/, "");
  if (plain.startsWith("'")) return plain.slice(1, -1).replaceAll("''", "'");
  return plain;
}

if (what === "services") {
  const services = find(["services"]);
  process.stdout.write([...children(services.from, services.to).keys()].join("\0"));
} else if (what === "argv" || what === "value") {
  if (!service || !keyPath) fail("usage: FILE argv|value SERVICE KEY.PATH");
  const node = find(["services", service, ...keyPath.split(".")]);
  let parsed;
  try {
    parsed = scalar(node);
  } catch {
    fail(`line ${node.line + 1}: not a one-line JSON value`);
  }
  if (what === "value") {
    if (typeof parsed !== "string" || parsed === "") fail(`line ${node.line + 1}: not a scalar`);
    process.stdout.write(interpolate(parsed, node.line));
  } else {
    if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === "string")) fail(`line ${node.line + 1}: not a JSON array of strings`);
    if (keyPath.endsWith("test") && parsed.shift() !== "CMD") fail(`line ${node.line + 1}: a health check must be ["CMD", …]`);
    process.stdout.write(parsed.map((a) => interpolate(a, node.line)).join("\0"));
  }
} else {
  fail("usage: FILE services | argv SERVICE KEY.PATH | value SERVICE KEY.PATH");
}
