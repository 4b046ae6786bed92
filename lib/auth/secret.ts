import "server-only";
// The key that signs login tokens: AUTH_SECRET when set; otherwise generated once and kept in the
// database (app_settings), so every instance on the same database — and every restart — shares it.
import { randomBytes } from "node:crypto";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { outsideRequest } from "@/lib/db/request-scope";
import { getOrCreateSetting } from "@/lib/db/settings";

let cached: Promise<Uint8Array> | undefined;

export function authSecret(): Promise<Uint8Array> {
  // Shared by every request: computed outside the one that asked first, so its client leaving cancels nothing.
  cached ??= outsideRequest(async () => {
    const configured = getConfig().AUTH_SECRET;
    const secret =
      configured ?? (await getOrCreateSetting(await getDb(), "auth_secret", () => randomBytes(48).toString("base64url")));
    return new TextEncoder().encode(secret);
  }).catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

/** Forgets the cached key (tests switch AUTH_SECRET). */
export function resetAuthSecret(): void {
  cached = undefined;
}
