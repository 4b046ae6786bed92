"use client";

import { useEffect, useState } from "react";
import { onHumanCheck } from "@/lib/client/human-check-state";

/** "正在进行人机验证…" while the browser solves a human check for a sign-in or registration request. */
export function HumanCheckStatus() {
  const [checking, setChecking] = useState(false);
  useEffect(() => onHumanCheck(setChecking), []);
  if (!checking) return null;
  return (
    <p role="status" className="mt-3 text-center text-sm text-slate-500">
      正在进行人机验证…
    </p>
  );
}
