// The chat's typing effect (SPEC section 9): 10 ms per character, but never far behind the stream.
// When more than TYPING_MAX_BACKLOG characters wait, several are revealed per tick so the text catches
// up; once the stream has ended the rest is revealed within about TYPING_FINISH_TICKS ticks.

export const TYPING_MS_PER_CHAR = 10;
export const TYPING_MAX_BACKLOG = 200;
export const TYPING_FINISH_TICKS = 15;

/** Characters to reveal per tick for a backlog of `waiting` characters. */
export function charsPerTick(waiting: number, streamEnded: boolean): number {
  if (waiting <= 0) return 0;
  if (streamEnded) return Math.min(waiting, Math.max(2, Math.ceil(waiting / TYPING_FINISH_TICKS)));
  if (waiting > TYPING_MAX_BACKLOG) return Math.ceil((waiting - TYPING_MAX_BACKLOG) / 10) + 1;
  return 1;
}

/**
 * The next visible length of `text` after `elapsedMs` (a tick is TYPING_MS_PER_CHAR; a late timer, as in
 * a background tab, counts as several ticks). Never ends inside a surrogate pair.
 */
export function nextVisibleLength(text: string, shown: number, elapsedMs: number, streamEnded: boolean): number {
  const start = Math.min(Math.max(0, shown), text.length);
  const ticks = Math.max(1, Math.round(elapsedMs / TYPING_MS_PER_CHAR));
  let next = start;
  for (let i = 0; i < ticks && next < text.length; i++) next += charsPerTick(text.length - next, streamEnded);
  next = Math.min(next, text.length);
  const code = text.charCodeAt(next - 1);
  if (next < text.length && code >= 0xd800 && code <= 0xdbff) next += 1;
  return next;
}
