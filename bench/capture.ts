// The SQL the app's query functions really send, recorded so the floor server can replay it with raw pg.
// While `fn` runs, every query any pg client sends is kept with its parameters and the connection it went
// over. A unit is one query, or everything between `begin` and `commit` on one connection; units that were
// in flight at the same time (the feed's rows and total) form a phase and are replayed at once.
import pg from "pg";

export type Sent = { text: string; values: unknown[] };
/** Phases, one after another; the units of a phase at once, each on one connection, its queries in order. */
export type Replay = Sent[][][];

type Unit = { queries: Sent[]; start: number; end: number };
type QueryConfig = string | { text: string; values?: unknown[] };

export async function captureReplay(fn: () => Promise<unknown>): Promise<Replay> {
  const units: Unit[] = [];
  const inTransaction = new Map<pg.Client, Unit>();
  let clock = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, second] = args as [QueryConfig, unknown];
    const text = typeof config === "string" ? config : config.text;
    const values = Array.isArray(second) ? second : typeof config === "string" ? [] : (config.values ?? []);
    let unit = inTransaction.get(this);
    if (!unit) units.push((unit = { queries: [], start: clock++, end: Infinity }));
    unit.queries.push({ text, values });
    const verb = text.trim().toLowerCase();
    if (verb.startsWith("begin")) inTransaction.set(this, unit);
    if (/^(commit|rollback)\b/.test(verb)) inTransaction.delete(this);
    const closes = !inTransaction.has(this);
    const done = () => {
      if (closes) unit.end = clock++;
    };
    // pg-pool calls client.query with a callback; Drizzle's transactions use the promise.
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (...r: unknown[]) => void;
      args[last] = (...r: unknown[]) => {
        done();
        callback(...r);
      };
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    }
    return ((original as (...a: unknown[]) => Promise<unknown>).apply(this, args)).finally(done);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  const phases: Unit[][] = [];
  let phaseEnd = -1;
  for (const unit of units) {
    if (unit.start > phaseEnd) {
      phases.push([unit]);
      phaseEnd = unit.end;
    } else {
      phases[phases.length - 1].push(unit);
      phaseEnd = Math.max(phaseEnd, unit.end);
    }
  }
  return phases.map((phase) => phase.map((u) => u.queries));
}
