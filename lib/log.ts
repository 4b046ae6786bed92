// Structured logs: one JSON object per line on stdout/stderr. Never pass secrets, tokens or codes here.
type Fields = Record<string, unknown>;

const LEVELS = ["debug", "info", "warn", "error"] as const;

type Level = (typeof LEVELS)[number];

/**
 * The least severe level LOG_LEVEL writes: debug, info, warn (or warning), error, in any case; unset, empty or
 * anything else is info (the configuration refuses anything else at start-up: lib/config.ts). LOG_DEBUG=1 is debug.
 */
export function logFloor(env: Record<string, string | undefined> = process.env): Level {
  if (env.LOG_DEBUG) return "debug";
  const named = (env.LOG_LEVEL ?? "").trim().toLowerCase();
  const level = named === "warning" ? "warn" : named;
  return (LEVELS as readonly string[]).includes(level) ? (level as Level) : "info";
}

function enabled(level: Level): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(logFloor());
}

function write(level: (typeof LEVELS)[number], msg: string, fields?: Fields) {
  if (!enabled(level)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

/**
 * What an error log line carries: the message (errorMessage's), the stack's frames under it, and the cause's
 * message. The stack's first line is the raw message, which for a failed query holds its SQL and parameters (a
 * phone number, a search word): it is replaced by the safe one.
 */
export function errorDetail(err: unknown): { error: string; stack?: string; cause?: string } {
  const error = errorMessage(err);
  if (!(err instanceof Error)) return { error };
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)).slice(0, 30);
  const cause = err.cause === undefined || (err.message.startsWith("Failed query") && err.cause instanceof Error) ? undefined : errorMessage(err.cause);
  return { error, stack: [`${err.name}: ${error}`, ...frames].join("\n"), ...(cause ? { cause } : {}) };
}

/** A short message for logs and CLI output: a failed query reports its cause, never its SQL or parameters. */
export function errorMessage(err: unknown): string {
  if (!(err instanceof Error)) return String(err).slice(0, 500);
  if (err.message.startsWith("Failed query") && err.cause instanceof Error) return err.cause.message.slice(0, 500);
  return err.message.slice(0, 500);
}
