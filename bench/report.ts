// The result tables, as aligned Markdown (the same text on the console and in bench/results/latest.md),
// and the targets of issues 9 and 17, each judged ✓/✗ next to its figure.
import { label } from "./databases";
import { FLOOD_PAGE_NAMES, FLOOD_PAGES, type FloodPage, type FloodResult } from "./flood";
import type { LoadResult } from "./load";
import type { Row } from "./measure";
import { SCALE_KEYS, type ScenarioKey } from "./scenarios";
import type { TargetResult } from "./target";

export type Table = { title: string; head: string[]; rows: string[][]; notes?: string[] };

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "" : `${n.toFixed(n < 10 ? 2 : 1)} ms`);
const pct = (n: number) => `${Math.round(n * 100)}%`;
const mark = (ok: boolean) => (ok ? "✓" : "✗");

// ── Targets ─────────────────────────────────────────────────────────────────────────────────────────────

type RowTarget = { key: ScenarioKey; at: "c=1" | "max c"; text: string; value: (r: Row) => string; ok: (r: Row) => boolean };

/** Latency targets are judged one request at a time (c=1), throughput targets at the highest connection count. */
const ROW_TARGETS: RowTarget[] = [
  { key: "feed", at: "c=1", text: "p50 ≤ 10 ms", value: (r) => ms(r.app.p50), ok: (r) => r.app.p50 <= 10 },
  { key: "feed", at: "max c", text: "req/s ≥ 50% of the floor's", value: (r) => (r.floor ? pct(r.app.rps / r.floor.rps) : "no floor"), ok: (r) => !!r.floor && r.app.rps >= 0.5 * r.floor.rps },
  { key: "search-2", at: "c=1", text: "p95 ≤ 50 ms", value: (r) => ms(r.app.p95), ok: (r) => r.app.p95 <= 50 },
  { key: "home", at: "c=1", text: "p50 ≤ 60 ms", value: (r) => ms(r.app.p50), ok: (r) => r.app.p50 <= 60 },
  { key: "home", at: "max c", text: "≥ 300 req/s", value: (r) => `${r.app.rps} req/s`, ok: (r) => r.app.rps >= 300 },
  { key: "status", at: "c=1", text: "p50 ≤ 5 ms", value: (r) => ms(r.app.p50), ok: (r) => r.app.p50 <= 5 },
];

function targetsOf(row: Row, rows: Row[]): RowTarget[] {
  const counts = rows.filter((r) => r.key === row.key).map((r) => r.connections);
  return ROW_TARGETS.filter((t) => t.key === row.key && row.connections === (t.at === "c=1" ? Math.min(...counts) : Math.max(...counts)));
}

export type Judged = { target: string; measured: string; ok: boolean };

export function judge(rows: Row[], extra: { chatAddedP50?: number; coldStartMs?: number }): Judged[] {
  const out: Judged[] = [];
  for (const row of rows) {
    for (const t of targetsOf(row, rows)) out.push({ target: `${row.name}, c=${row.connections}: ${t.text}`, measured: t.value(row), ok: t.ok(row) });
  }
  if (extra.chatAddedP50 !== undefined) out.push({ target: "chat: time added to the provider's first byte ≤ 50 ms (p50)", measured: ms(extra.chatAddedP50), ok: extra.chatAddedP50 <= 50 });
  if (extra.coldStartMs !== undefined) out.push({ target: "cold start to ready on PGlite, fresh data directory ≤ 5 s (median)", measured: `${(extra.coldStartMs / 1000).toFixed(2)} s`, ok: extra.coldStartMs <= 5000 });
  return out;
}

// ── Tables ──────────────────────────────────────────────────────────────────────────────────────────────

export function mainTable(title: string, rows: Row[], withTargets: boolean): Table {
  return {
    title,
    head: ["scenario", "c", "req/s", "p50", "p95", "p99", "floor req/s", "floor p50", "floor p99", "ratio", ...(withTargets ? ["target"] : [])],
    rows: rows.map((r) => [
      r.app.errors ? `${r.name} (${r.app.errors} errors)` : r.name,
      String(r.connections),
      String(r.app.rps),
      ms(r.app.p50),
      ms(r.app.p95),
      ms(r.app.p99),
      r.floor ? String(r.floor.rps) : "",
      ms(r.floor?.p50),
      ms(r.floor?.p99),
      r.floor && r.floor.rps > 0 ? pct(r.app.rps / r.floor.rps) : "",
      ...(withTargets ? [targetsOf(r, rows).map((t) => `${t.text} ${mark(t.ok(r))}`).join("; ")] : []),
    ]),
    notes: [
      "ratio = app req/s ÷ floor req/s at the same connection count. The floor is node:http + a pg pool replaying the SQL the app's query functions send for the same path.",
      "Percentiles are exact (every response time kept). Latency targets are judged at c=1, throughput targets at the highest c.",
    ],
  };
}

export function comparisonTable(title: string, rows: Row[], reference: Row[], referenceLabel: string): Table {
  const ref = (r: Row) => reference.find((x) => x.key === r.key && x.connections === r.connections);
  return {
    title,
    head: ["scenario", "c", "req/s", "p50", "p95", "p99", `${referenceLabel} req/s`, `${referenceLabel} p50`],
    rows: rows.map((r) => [r.app.errors ? `${r.name} (${r.app.errors} errors)` : r.name, String(r.connections), String(r.app.rps), ms(r.app.p50), ms(r.app.p95), ms(r.app.p99), ref(r) ? String(ref(r)!.app.rps) : "", ms(ref(r)?.app.p50)]),
    notes: ["No floor here: PGlite runs inside the app's process and answers one query at a time, so a separate floor server cannot share it."],
  };
}

/** p50 (p95) per corpus size, the app's and the floor's, and how much the largest grew over the smallest. */
export function scalingTable(sizes: { label: string; rows: Row[] }[], seconds: string): Table {
  const first = sizes[0].rows;
  const lines: string[][] = [];
  for (const who of ["app", "floor"] as const) {
    for (const r of first) {
      if (who === "floor" && !r.floor) continue;
      const at = sizes.map((s) => s.rows.find((x) => x.key === r.key && x.connections === r.connections)?.[who]);
      const [a, z] = [at[0], at[at.length - 1]];
      lines.push([
        who === "app" ? r.name : `floor: ${r.name}`,
        ...at.map((x) => (x ? `${ms(x.p50)} (${ms(x.p95)})` : "")),
        a && z ? `×${(z.p50 / a.p50).toFixed(1)}` : "",
      ]);
    }
  }
  return {
    title: `Scaling: p50 (p95) by corpus size, one request at a time (c=${first[0]?.connections ?? 1}; ${seconds})`,
    head: ["scenario", ...sizes.map((s) => `${s.label} articles`), `p50 ${sizes[sizes.length - 1].label} ÷ ${sizes[0].label}`],
    rows: lines,
  };
}

// ── 100k against 1M (issue 17) ──────────────────────────────────────────────────────────────────────────

type ScaleTarget = { text: string; ok: (large: LoadResult, small: LoadResult | undefined) => boolean };
const searchP95: ScaleTarget = { text: "p95 ≤ 50 ms", ok: (l) => l.p95 <= 50 };
const asSmall: ScaleTarget = { text: "p50 within 20% of SMALL", ok: (l, s) => !!s && l.p50 <= 1.2 * s.p50 };
const SCALE_TARGETS: Partial<Record<ScenarioKey, ScaleTarget>> = {
  feed: asSmall,
  "feed-unread": asSmall,
  "search-1": searchP95,
  "search-2": searchP95,
  "search-none": searchP95,
  "search-worst": searchP95,
  "search-common": searchP95,
  "search-page-2": searchP95,
  home: { text: "p50 ≤ 10 ms", ok: (l) => l.p50 <= 10 },
  "home-signed-in": { text: "p50 ≤ 30 ms", ok: (l) => l.p50 <= 30 },
  permalink: { text: "p50 ≤ 10 ms", ok: (l) => l.p50 <= 10 },
};
const FLOOD_RATIO = 2;
const floodOk = (f: FloodResult, page: FloodPage) => f.flood[page].p95 <= FLOOD_RATIO * f.idle[page].p95;

const cell = (r: { p50: number; p95: number } | undefined) => (r && !Number.isNaN(r.p50) ? `${ms(r.p50)} (${ms(r.p95)})` : "");
const growth = (a: { p50: number } | undefined, z: { p50: number } | undefined) => (a && z && a.p50 > 0 && z.p50 >= 0 ? `×${(z.p50 / a.p50).toFixed(1)}` : "");
const withErrors = (name: string, ...rs: (LoadResult | undefined)[]) => {
  const errors = rs.reduce((n, r) => n + (r?.errors ?? 0), 0);
  return errors ? `${name} (${errors} errors)` : name;
};

/**
 * Every scenario at both sizes, one request at a time: p50 (p95), the growth of p50, and issue 17's target
 * judged on the larger corpus; then the chat's first byte and the search flood.
 */
export function scaleTable(small: TargetResult, large: TargetResult, seconds: string): Table {
  const [s, l] = [label(small.articles), label(large.articles)];
  const at = (t: TargetResult, key: ScenarioKey) => t.rows.find((r) => r.key === key && r.connections === 1)?.app;
  const rows: string[][] = [];
  for (const key of SCALE_KEYS) {
    const [a, z] = [at(small, key), at(large, key)];
    if (!a && !z) continue;
    const target = SCALE_TARGETS[key];
    const name = (large.rows.find((r) => r.key === key) ?? small.rows.find((r) => r.key === key))!.name;
    rows.push([withErrors(name, a, z), cell(a), cell(z), growth(a, z), target && z ? `${target.text.replace("SMALL", s)} ${mark(target.ok(z, a))}` : ""]);
  }
  const [ca, cz] = [small.chatFirstByte, large.chatFirstByte];
  if (ca || cz) {
    rows.push(["chat first byte through the app", cell(ca?.app), cell(cz?.app), growth(ca?.app, cz?.app), ""]);
    rows.push(["chat: time added to the provider's first byte", cell(ca?.added), cell(cz?.added), "", cz ? `p95 ≤ 50 ms ${mark(cz.added.p95 <= 50)}` : ""]);
  }
  const [fa, fz] = [small.flood, large.flood];
  const flood = (f: FloodResult | undefined, page: FloodPage) =>
    f ? `${ms(f.idle[page].p95)} → ${ms(f.flood[page].p95)} (×${(f.flood[page].p95 / f.idle[page].p95).toFixed(1)})` : "";
  if (fa || fz) {
    const f = (fz ?? fa)!;
    for (const page of FLOOD_PAGES) {
      rows.push([
        withErrors(`flood: ${FLOOD_PAGE_NAMES[page]} p95, idle → during ${f.clients} clients searching (${f.cycles} × ${f.seconds / f.cycles} s)`, fa?.flood[page], fz?.flood[page]),
        flood(fa, page),
        flood(fz, page),
        "",
        fz ? `≤ ${FLOOD_RATIO}× idle ${mark(floodOk(fz, page))}` : "",
      ]);
    }
    const searches = (x: FloodResult | undefined) => (x ? `${x.searches.requests} (${x.searches.errors} errors), p50 ${ms(x.searches.p50)}; idle ${x.drainSeconds} s after` : "");
    rows.push(["flood: its searches answered, database idle after", searches(fa), searches(fz), "", ""]);
  }
  return {
    title: `${s} against ${l} articles, PostgreSQL: p50 (p95), one request at a time (${seconds})`,
    head: ["scenario", `${s} articles`, `${l} articles`, `p50 ${l} ÷ ${s}`, `target at ${l} (issue 17)`],
    rows,
    notes: [
      `Flood: ${(fz ?? fa)?.keywords.map((k) => `“${k}”`).join(", ") ?? ""} in turn over ${(fz ?? fa)?.clients ?? 0} connections, in a process of its own, while one client each loads the home page, an article's permalink and the feed API (visitor); idle is the same three without the flood, in phases alternating with the flood's. Errors are non-2xx answers and timeouts (30 s).`,
    ],
  };
}

/**
 * The flood row alone (`npm run bench -- --flood`), one line per run and page: p50 and p95 idle and during
 * the flood, the growth of p95 and issue 29's target (at most 2× idle), the load average around it.
 */
export function floodTable(corpus: string, runs: FloodResult[]): Table {
  const rows: string[][] = [];
  runs.forEach((f, i) => {
    for (const page of FLOOD_PAGES) {
      const [a, z] = [f.idle[page], f.flood[page]];
      rows.push([
        String(i + 1),
        withErrors(FLOOD_PAGE_NAMES[page], a, z),
        `${ms(a.p50)} (${ms(a.p95)})`,
        `${ms(z.p50)} (${ms(z.p95)})`,
        `×${(z.p95 / a.p95).toFixed(1)}`,
        `≤ ${FLOOD_RATIO}× ${mark(floodOk(f, page))}`,
      ]);
    }
    const s = f.searches;
    rows.push([String(i + 1), withErrors("the flood's searches", s), "", `${ms(s.p50)} (${ms(s.p95)}), ${s.rps} req/s`, "", `load ${f.load.before} → ${f.load.after}; database idle ${f.drainSeconds} s after`]);
  });
  const f = runs[0];
  return {
    title: `Searches and pages, ${corpus}: ${f?.clients ?? 0} clients searching (${f?.cycles ?? 0} phases of ${f ? f.seconds / f.cycles : 0} s), p50 (p95)`,
    head: ["run", "measured", "idle", "during the flood", "p95 ÷ idle", "target (issue 29)"],
    rows,
    notes: [
      `Flood: ${f?.keywords.map((k) => `“${k}”`).join(", ") ?? ""} in turn over ${f?.clients ?? 0} connections, in a process of its own, while one client each loads the home page, an article's permalink and the feed API (visitor), each sending its next request when it has the last answer; idle is the same three without the flood. Idle (5 s) and flood phases alternate back to back and each side pools its phases (timed from 1 s into each flood phase to 1 s before its end). Load: the machine's 1-minute load average before the first phase and after the last.`,
    ],
  };
}

export function targetsTable(judged: Judged[], corpus: string): Table {
  return { title: `Targets (set for PostgreSQL with 100k articles; judged here on ${corpus})`, head: ["target", "measured", ""], rows: judged.map((j) => [j.target, j.measured, mark(j.ok)]) };
}

// ── Rendering ───────────────────────────────────────────────────────────────────────────────────────────

/** Terminal columns: East Asian wide characters take two. */
const width = (s: string) => [...s].reduce((n, ch) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1), 0);
const pad = (s: string, n: number, right: boolean) => (right ? " ".repeat(n - width(s)) + s : s + " ".repeat(n - width(s)));

export function renderTable(t: Table): string {
  const widths = t.head.map((h, i) => Math.max(width(h), ...t.rows.map((r) => width(r[i] ?? ""))));
  // Every column but the first (names) and the last text columns holds figures: right-aligned.
  const numeric = t.head.map((_, i) => i > 0 && t.rows.every((r) => /^[\d.×%]*( ms| s| req\/s)?( \(.*\))?$/.test(r[i] ?? "")));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c ?? "", widths[i], numeric[i])).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  return [`### ${t.title}`, "", line(t.head), rule, ...t.rows.map(line), ...(t.notes?.length ? ["", ...t.notes] : [])].join("\n");
}
