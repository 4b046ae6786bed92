"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import type { AuthResult } from "@/lib/auth/service";
import { errorText } from "@/lib/client/api";
import { safeRedirect } from "@/lib/client/redirect";
import { saveSession } from "@/lib/client/session";

/**
 * Handles a login, code-login or registration answer (SPEC section 4): store the token and the user,
 * then go to the redirect target (same-site only) or home; without a token, the format-error toast.
 */
function useAuthSuccess(formatError: string) {
  const router = useRouter();
  const params = useSearchParams();
  return (payload: { data?: Partial<AuthResult> } | null) => {
    const token = payload?.data?.access_token;
    if (!token) {
      toast.error(formatError);
      return;
    }
    saveSession(token, payload?.data?.user ?? null);
    router.replace(safeRedirect(params.get("redirect")));
    router.refresh();
  };
}

/**
 * Runs a sign-in call once at a time: the answer goes through the success rule above, a failure shows the
 * server's detail or `failure`.
 */
export function useAuthSubmit({ formatError, failure }: { formatError: string; failure: string }) {
  const [busy, setBusy] = useState(false);
  const onSuccess = useAuthSuccess(formatError);
  async function submit(call: () => Promise<{ data?: Partial<AuthResult> } | null>) {
    setBusy(true);
    try {
      onSuccess(await call());
    } catch (err) {
      toast.error(errorText(err, failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}

/** Keeps the redirect parameter on links between the sign-in screens. */
export function useWithRedirect() {
  const params = useSearchParams();
  const target = params.get("redirect");
  return (path: string) => (target ? `${path}?redirect=${encodeURIComponent(target)}` : path);
}
