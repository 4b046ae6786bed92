// Solves the server's human check the way the browser does (lib/client/human-check.ts), with a challenge of
// little work so tests stay fast: the value for the X-Human-Check header.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { HUMAN_CHECK_HEADER, issueChallenge } from "@/lib/abuse/human-check";

export async function solvedProof(): Promise<string> {
  const challenge = await issueChallenge({ counter: 3 });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export const humanCheckHeaders = async () => ({ [HUMAN_CHECK_HEADER]: await solvedProof() });
