import { randomUUID } from "node:crypto";

/** A request's id: the one its client or proxy sent (X-Request-Id, at most 64 characters), else a new one. */
export const requestIdOf = (given: string | null | undefined): string => given?.slice(0, 64) || randomUUID();
