import { randomUUID } from "node:crypto";

/** What an id may look like: letters, digits and . _ : -, at most 64 (a UUID, nginx's $request_id, a tracer's). */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * A request's id: the one its proxy sent (X-Request-Id; the front door drops a client's own unless it came through
 * a trusted proxy, lib/server/front-door.ts) when it has a safe form, else a new one. Never anything else: the id
 * is written into logs and response headers.
 */
export const requestIdOf = (given: string | null | undefined): string => (given && SAFE_ID.test(given) ? given : randomUUID());
