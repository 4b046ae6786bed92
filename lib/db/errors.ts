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
