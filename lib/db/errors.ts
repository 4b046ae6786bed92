// Recognizing database errors that callers turn into answers (e.g. 409 on a unique violation).

type PgLikeError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** The constraint a unique violation (23505) hit, or null for any other error. Works on pg and PGlite. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as PgLikeError | undefined, depth = 0; e && depth < 3; e = e.cause as PgLikeError, depth++) {
    if (e.code === "23505") {
      return e.constraint ?? /unique constraint "([^"]+)"/.exec(e.message ?? "")?.[1] ?? "unknown";
    }
  }
  return null;
}

/** Whether a foreign-key violation (23503) caused `err`, e.g. an article deleted meanwhile. */
export function foreignKeyViolation(err: unknown): boolean {
  for (let e = err as PgLikeError | undefined, depth = 0; e && depth < 3; e = e.cause as PgLikeError, depth++) {
    if (e.code === "23503") return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|connection error|Connection ended|not queryable/i;

/** Whether `err` means the database cannot be reached right now (down, restarting, connections cut). */
export function databaseUnavailable(err: unknown): boolean {
  for (let e = err as PgLikeError | undefined, depth = 0; e && depth < 4; e = e.cause as PgLikeError, depth++) {
    if ((e.code && UNAVAILABLE_CODES.has(e.code)) || UNAVAILABLE_MESSAGE.test(e.message ?? "")) return true;
  }
  return false;
}

/**
 * Whether PostgreSQL cancelled the statement (query_canceled, 57014): its statement timeout
 * (DB_STATEMENT_TIMEOUT_MS) or a cancel request.
 */
export function queryCanceled(err: unknown): boolean {
  for (let e = err as PgLikeError | undefined, depth = 0; e && depth < 4; e = e.cause as PgLikeError, depth++) {
    if (e.code === "57014") return true;
  }
  return false;
}
