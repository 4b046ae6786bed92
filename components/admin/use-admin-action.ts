"use client";
// One console action: call the admin API, toast its outcome in Chinese, and refresh the server-rendered page.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/lib/client/toast";
import { api, ApiRequestError } from "@/lib/client/api";

type Call = { path: string; method?: string; json?: unknown };

export function useAdminAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [, startTransition] = useTransition();

  async function run<T>(call: Call, success: string | ((result: T) => string)): Promise<T | null> {
    setBusy(true);
    try {
      const result = await api<T>(call.path, { method: call.method ?? "POST", json: call.json });
      toast.success(typeof success === "function" ? success(result) : success);
      startTransition(() => router.refresh());
      return result;
    } catch (err) {
      toast.error(err instanceof ApiRequestError && err.detail ? err.detail : "操作失败，请重试");
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy };
}
