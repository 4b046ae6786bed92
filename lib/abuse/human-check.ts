import "server-only";
// The human check: a self-hosted proof of work (altcha-lib, MIT; no third-party service). A challenge is signed
// with a key derived from the auth secret and expires after HUMAN_CHECK_TTL_MS; the browser finds the counter
// (lib/client/human-check.ts) and sends challenge and solution back base64-encoded in HUMAN_CHECK_HEADER. A
// solved challenge is remembered in rate_limits until it expires, so one solution passes one request. A challenge
// is issued for one action (sending a code, registering) and one client address, and signed with a key of that
// pair: its proof passes nothing else (issue 42, row 10). Issuing is a budget of its own per address.
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { ApiError } from "@/lib/api/errors";
import { hit } from "@/lib/api/rate-limit";
import { authSecret } from "@/lib/auth/secret";
import type { Db } from "@/lib/db/client";
import { z } from "@/lib/zod";

export const HUMAN_CHECK_HEADER = "x-human-check";
export const HUMAN_CHECK_TTL_MS = 10 * 60_000;
/** PBKDF2 rounds per try and the range of tries: about a second in a browser on a phone. */
const ALGORITHM = "PBKDF2/SHA-256";
const COST = 100;
const COUNTER = [4_000, 12_000] as const;

/** The requests that may ask for a human check, by their API path (what the browser asks a challenge for). */
/** (Comments post to /articles/{id}/comments: their challenge is asked for as `/comments`, one action for every article.) */
export const HUMAN_CHECK_ACTIONS = { "/sms/send": "sms", "/auth/register": "register", "/comments": "comment" } as const;
export type HumanCheckAction = (typeof HUMAN_CHECK_ACTIONS)[keyof typeof HUMAN_CHECK_ACTIONS];
/** Who a challenge is for: the action and the client's address (its budget key, lib/api/client-ip.ts). */
export type HumanCheckFor = { action: HumanCheckAction; address: string };

async function secrets({ action, address }: HumanCheckFor): Promise<{ signature: string; key: string }> {
  const secret = Buffer.from(await authSecret());
  const derive = (purpose: string) => createHmac("sha256", secret).update(`human-check:${purpose}:${action}:${address}`).digest("hex");
  return { signature: derive("signature"), key: derive("key") };
}

/** A new challenge signed for `action` from `address`; `counter` (the work to find) is random unless a test sets it. */
export async function issueChallenge({
  action,
  address,
  now = new Date(),
  counter = randomInt(COUNTER[0], COUNTER[1]),
}: HumanCheckFor & { now?: Date; counter?: number }): Promise<Challenge> {
  const { signature, key } = await secrets({ action, address });
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter,
    deriveKey,
    expiresAt: new Date(now.getTime() + HUMAN_CHECK_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

const hex = z.string().regex(/^[0-9a-f]{1,512}$/i);
const proofSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: hex,
      salt: hex,
      cost: z.literal(COST),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: hex,
      keySignature: hex.optional(),
      expiresAt: z.number(),
    }),
    signature: hex,
  }),
  solution: z.object({ counter: z.number().int().min(0).max(2 ** 32 - 1), derivedKey: hex, time: z.number().optional() }),
});

export const humanCheckNeeded = (detail = "操作较频繁，请先完成人机验证") =>
  new ApiError("human_check_required", detail, {}, { human_check: "required" });

/** Passes when `proof` (the header's value) solves a challenge issued for this action and address, unexpired and unused; else 428. */
export async function requireHumanCheck({ db, proof, action, address, now = new Date() }: HumanCheckFor & { db: Db; proof: string | null; now?: Date }): Promise<void> {
  if (!proof) throw humanCheckNeeded();
  let parsed: z.output<typeof proofSchema>;
  try {
    parsed = proofSchema.parse(JSON.parse(Buffer.from(proof.slice(0, 4096), "base64").toString("utf8")));
  } catch {
    throw humanCheckNeeded("人机验证未通过，请重试");
  }
  const { signature, key } = await secrets({ action, address });
  const result = await verifySolution({ ...parsed, deriveKey, hmacSignatureSecret: signature, hmacKeySignatureSecret: key });
  const expiresAt = parsed.challenge.parameters.expiresAt * 1000;
  if (!result.verified || expiresAt <= now.getTime()) throw humanCheckNeeded(result.expired ? "人机验证已过期，请重试" : "人机验证未通过，请重试");
  // One request per solution: the first use counts 1, a replay finds it already there.
  const use = await hit(db, `human-check:${parsed.challenge.signature}`, { limit: 1, windowMs: expiresAt - now.getTime() }, now);
  if (use.count > 1) throw humanCheckNeeded("该人机验证已使用过，请重试");
}
