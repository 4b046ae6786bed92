// Structured logs: one JSON object per line on stdout/stderr. Never pass secrets, tokens or codes here.
type Fields = Record<string, unknown>;

const LEVELS = ["debug", "info", "warn", "error"] as const;

/** LOG_LEVEL (debug, info, warn, error) sets the least severe level written; LOG_DEBUG=1 means debug. */
function enabled(level: (typeof LEVELS)[number]): boolean {
  const floor = process.env.LOG_DEBUG ? "debug" : (process.env.LOG_LEVEL ?? "info");
  return LEVELS.indexOf(level) >= Math.max(0, LEVELS.indexOf(floor as (typeof LEVELS)[number]));
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

/** A short message for logs and CLI output: a failed query reports its cause, never its SQL or parameters. */
export function errorMessage(err: unknown): string {
  if (!(err instanceof Error)) return String(err).slice(0, 500);
  if (err.message.startsWith("Failed query") && err.cause instanceof Error) return err.cause.message.slice(0, 500);
  return err.message.slice(0, 500);
}
