"use client";

import { useEffect, useState } from "react";
import { onFirstToast, toasterReady } from "@/lib/client/toast";

type Sonner = typeof import("sonner");

/** Where toasts appear: sonner is loaded and its <Toaster> mounted on the first toast, not with the page. */
export function ToastHost() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    let cancelled = false;
    let asked = false;
    const off = onFirstToast(() => {
      if (asked) return;
      asked = true;
      import("sonner").then(
        (loaded) => !cancelled && setSonner(loaded),
        (err) => console.warn("提示组件加载失败", err),
      );
    });
    return () => {
      cancelled = true;
      off();
    };
  }, []);

  // The Toaster subscribes to sonner's store in its own effect, which runs before this one.
  useEffect(() => {
    if (sonner) toasterReady(sonner.toast);
  }, [sonner]);

  return sonner ? <sonner.Toaster position="top-center" duration={3000} richColors /> : null;
}
