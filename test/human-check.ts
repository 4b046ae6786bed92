// Solves the server's human check the way the browser does (lib/client/human-check.ts), with a challenge of
// little work so tests stay fast: the value for the X-Human-Check header, for one action from one address.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { issueChallenge, type HumanCheckAction } from "@/lib/abuse/human-check";

export async function solvedProof(action: HumanCheckAction, address: string): Promise<string> {
  const challenge = await issueChallenge({ action, address, counter: 3 });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
