"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import type { AuthResult } from "@/lib/auth/service";
import { safeRedirect } from "@/lib/client/redirect";
import { saveSession } from "@/lib/client/session";

/**
 * Handles a login, code-login or registration answer (SPEC section 4): store the token and the user,
 * then go to the redirect target (same-site only) or home; without a token, the format-error toast.
 */
export function useAuthSuccess(formatError: string) {
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

/** Keeps the redirect parameter on links between the sign-in screens. */
export function useWithRedirect() {
  const params = useSearchParams();
  const target = params.get("redirect");
  return (path: string) => (target ? `${path}?redirect=${encodeURIComponent(target)}` : path);
}
