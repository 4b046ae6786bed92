import "server-only";
// Read-your-writes with read replicas: a signed-in reader who has just changed something (a like, a favourite, a
// reading, a profile) reads the primary for PRIMARY_PIN_MS, twice the lag a replica may have before it is left
// out (REPLICA_MAX_LAG_MS), so what they did shows at once on every page. The pin lives in this process (API
// clients with a bearer token, which keep no cookies) and in a cookie the write's answer sets (browsers, whose
// next request may reach another web container); a cookie only ever pins its own reader, never someone else.
import { getConfig } from "@/lib/config";

export const FRESH_COOKIE = "shiyue_fresh";
const MAX_PINS = 50_000;

const pins = new Map<number, number>();

export const pinMs = () => 2 * getConfig().REPLICA_MAX_LAG_MS;
export const replicasConfigured = () => getConfig().DATABASE_READ_URL.length > 0;

/** Pins `userId` to the primary until `until` (ms since the epoch; default PRIMARY_PIN_MS from now). */
export function pinToPrimary(userId: number, until = Date.now() + pinMs()): void {
  if (pins.size >= MAX_PINS) {
    const now = Date.now();
    for (const [id, t] of pins) if (t <= now) pins.delete(id);
    if (pins.size >= MAX_PINS) pins.delete(pins.keys().next().value!);
  }
  pins.set(userId, Math.max(until, pins.get(userId) ?? 0));
}

export function pinnedToPrimary(userId: number): boolean {
  const until = pins.get(userId);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  pins.delete(userId);
  return false;
}

/** The cookie a write's answer carries: `{userId}.{until}`, for as long as the pin lasts. */
export function freshCookie(userId: number, until = Date.now() + pinMs()): string {
  return `${FRESH_COOKIE}=${userId}.${until}; Path=/; Max-Age=${Math.ceil(pinMs() / 1000)}; HttpOnly; SameSite=Lax`;
}

/** Pins the reader a request's cookie names when it is theirs and still running (and not further ahead than a pin). */
export function pinFromCookie(userId: number, value: string | undefined): void {
  const m = /^(\d{1,12})\.(\d{13})$/.exec(value ?? "");
  if (!m || Number(m[1]) !== userId) return;
  const until = Number(m[2]);
  if (until > Date.now() && until <= Date.now() + pinMs()) pinToPrimary(userId, until);
}

/** Forgets this process's pins, as a restart would (tests play another container with it). */
export function forgetPins(): void {
  pins.clear();
}
