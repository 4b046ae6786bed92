"use client";
// Sharing a link (SPEC section 2): the system share sheet when there is one (a cancelled sheet is no
// failure), else the clipboard with a confirmation, else the spec's "share failed" message.
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";

export async function shareLink({ title, url, text, copy = url }: { title: string; url: string; text?: string; copy?: string }): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url, ...(text && { text }) });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return;
      // Refused (no user activation, unsupported data): fall back to copying the link.
    }
  }
  try {
    if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
    await navigator.clipboard.writeText(copy);
    toast.success(MSG.linkCopied);
  } catch {
    toast.error(MSG.shareFailed);
  }
}
