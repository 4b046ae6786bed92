"use client";
// Whether the browser is solving a human check right now (lib/client/human-check.ts), for HumanCheckStatus.
// Apart from the solver so the status line does not bring the solver's library onto the page.
const listeners = new Set<(checking: boolean) => void>();

export function onHumanCheck(listener: (checking: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setHumanCheck(checking: boolean): void {
  listeners.forEach((l) => l(checking));
}
