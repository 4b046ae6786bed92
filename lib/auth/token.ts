import "server-only";
// Access tokens: JWT signed with HS256 (AUTH_SECRET), `sub` = user id, `ver` = the account's token_version,
// valid 7 days. A token must carry `exp` and `ver`: bumping users.token_version ends every earlier token.
import { SignJWT, jwtVerify } from "jose";
import { authSecret } from "./secret";

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** users.id is a PostgreSQL integer. */
const MAX_USER_ID = 2_147_483_647;

export async function signToken(userId: number, now = Date.now(), version = 0): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(await authSecret());
}

export type TokenClaims = { id: number; version: number };

/**
 * The user id and token version a valid token names, or null for a missing, malformed, tampered, expired,
 * alg-none, exp-less or ver-less token.
 */
export async function verifyToken(token: string | null | undefined): Promise<TokenClaims | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, await authSecret(), { algorithms: ["HS256"], requiredClaims: ["exp", "sub"] });
    // `sub` as signToken writes it: a decimal string of a positive int4 id (a larger one would fail the
    // user lookup in PostgreSQL with a 500 instead of a 401).
    if (typeof payload.sub !== "string" || !/^[1-9]\d{0,9}$/.test(payload.sub)) return null;
    const id = Number(payload.sub);
    const version = payload.ver;
    if (!Number.isSafeInteger(version) || (version as number) < 0) return null;
    return id <= MAX_USER_ID ? { id, version: version as number } : null;
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(header: string | null): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return m ? m[1] : null;
}
