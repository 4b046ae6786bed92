// Toasts without sonner on the first screen: the toast library (and the CSS it inserts when loaded) is
// fetched the first time something asks for a toast, by components/layout/toast-host.tsx, which then
// mounts its <Toaster> and shows what was asked meanwhile. Same calls as sonner's `toast.*`.
type Kind = "success" | "error" | "info" | "message";
type Options = { description?: string; duration?: number; id?: string | number; action?: { label: string; onClick: () => void } };
type Call = { kind: Kind; message: string; options?: Options };
type Sonner = typeof import("sonner").toast;

let sonner: Sonner | null = null;
const waiting: Call[] = [];
const listeners = new Set<() => void>();

function deliver(to: Sonner, { kind, message, options }: Call) {
  if (kind === "message") to(message, options);
  else to[kind](message, options);
}

function show(call: Call) {
  if (sonner) return deliver(sonner, call);
  waiting.push(call);
  listeners.forEach((l) => l());
}

export const toast = Object.assign((message: string, options?: Options) => show({ kind: "message", message, options }), {
  success: (message: string, options?: Options) => show({ kind: "success", message, options }),
  error: (message: string, options?: Options) => show({ kind: "error", message, options }),
  info: (message: string, options?: Options) => show({ kind: "info", message, options }),
});

/** The host listens for the first toast (called again for each toast asked before sonner is ready). */
export function onFirstToast(listener: () => void): () => void {
  listeners.add(listener);
  if (waiting.length) listener();
  return () => listeners.delete(listener);
}

/** Called by the host once its <Toaster> is mounted: later toasts go straight to sonner, waiting ones now. */
export function toasterReady(to: Sonner): void {
  sonner = to;
  for (const call of waiting.splice(0)) deliver(to, call);
}
