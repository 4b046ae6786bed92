"use client";
// The box a comment or a reply is written in: up to COMMENT_MAX_CHARS characters (counted as the server counts
// them), line breaks kept; signed out, focusing it asks to sign in.
import { useId, useState } from "react";
import { COMMENT_MAX_CHARS } from "@/lib/comments/constants";

type Props = {
  label: string;
  placeholder: string;
  submitLabel?: string;
  initial?: string;
  autoFocus?: boolean;
  /** Sends the text; resolves true when it was taken (the box empties). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  onFocusSignedOut?: () => boolean;
};

export function CommentComposer({ label, placeholder, submitLabel = "发表", initial = "", autoFocus, onSubmit, onCancel, onFocusSignedOut }: Props) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const length = [...text.trim()].length;
  const tooLong = length > COMMENT_MAX_CHARS;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!length || tooLong || busy) return;
    setBusy(true);
    try {
      if (await onSubmit(text)) setText("");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-3" data-testid="comment-composer">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={(e) => {
          if (onFocusSignedOut && !onFocusSignedOut()) e.currentTarget.blur();
        }}
        placeholder={placeholder}
        rows={3}
        autoFocus={autoFocus}
        className="w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-[15px] text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <div className="mt-2 flex items-center justify-end gap-3">
        <span className={`mr-auto text-xs ${tooLong ? "text-rose-700" : "text-slate-500"}`} aria-live="polite">
          {length}/{COMMENT_MAX_CHARS}
        </span>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="min-h-9 rounded-md px-3 text-sm text-slate-600 hover:bg-slate-100">
            取消
          </button>
        ) : null}
        <button type="submit" disabled={!length || tooLong || busy} className="min-h-9 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-50">
          {busy ? "发送中…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
