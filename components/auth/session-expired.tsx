"use client";

import { useEffect } from "react";
import { loginUrlFor } from "@/lib/client/redirect";
import { clearSession } from "@/lib/client/session";

/** A login-required page whose cookie no longer names a user: forget it and go to code login. */
export function SessionExpired({ path }: { path: string }) {
  useEffect(() => {
    clearSession();
    location.replace(loginUrlFor(path));
  }, [path]);
  return <p className="py-20 text-center text-sm text-slate-500">登录已失效，正在前往登录页…</p>;
}
