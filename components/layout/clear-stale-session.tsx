"use client";

import { useEffect } from "react";
import { clearSession } from "@/lib/client/session";

/** Rendered when the session cookie no longer names a user (expired secret, deleted account): forget it. */
export function ClearStaleSession() {
  useEffect(() => clearSession(), []);
  return null;
}
