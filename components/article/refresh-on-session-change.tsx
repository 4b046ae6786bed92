"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useSessionChange } from "@/lib/client/session";

/** Re-renders the page from the server when the reader signs in or out, so like and favourite marks follow. */
export function RefreshOnSessionChange() {
  const router = useRouter();
  useSessionChange(useCallback(() => router.refresh(), [router]));
  return null;
}
