"use client";
// A small modal of the profile's security card: the browser's own <dialog> (focus kept inside, Escape closes).
import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";

export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <button type="button" onClick={onClose} aria-label="关闭" className="rounded-full p-1 text-slate-500 hover:bg-slate-100">
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {children}
    </dialog>
  );
}
