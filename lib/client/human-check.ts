"use client";
// The browser's half of the human check (lib/abuse/human-check.ts): fetch a challenge, find its counter on the
// main thread in small async slices (altcha-lib yields to the event loop every 200 ms; the site's CSP allows no
// blob: worker), and hand back the X-Human-Check header's value. While it runs, HumanCheckStatus shows
// "正在进行人机验证…" (human-check-state.ts). Loaded only when a request answered 428.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { setHumanCheck } from "./human-check-state";

export async function solveHumanCheck(fetchChallenge: () => Promise<Challenge>): Promise<string> {
  setHumanCheck(true);
  try {
    const challenge = await fetchChallenge();
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    if (!solution) throw new Error("人机验证超时，请重试");
    return btoa(JSON.stringify({ challenge, solution }));
  } finally {
    setHumanCheck(false);
  }
}
