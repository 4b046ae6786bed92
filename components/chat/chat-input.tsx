"use client";

import { SendHorizontal, Square } from "lucide-react";
import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { CHAT_MAX_MESSAGE_CHARS } from "@/lib/client/chat-stream";

export const INPUT_MIN_HEIGHT = 40;
export const INPUT_MAX_HEIGHT = 150;

const noSubscribe = () => () => {};
const isMac = () => /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);

/** ⌘+Enter on a Mac, Ctrl+Enter elsewhere (SPEC section 2). */
function useSendShortcut(): string {
  return useSyncExternalStore(noSubscribe, () => (isMac() ? "⌘+Enter" : "Ctrl+Enter"), () => "Ctrl+Enter");
}

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
};

/**
 * The question box: grows with its text from 40 to 150 px, then scrolls. Ctrl+Enter (⌘+Enter on a Mac)
 * sends; plain Enter starts a new line. While a reply streams, 停止 replaces the send button.
 */
export function ChatInput({ value, onChange, onSend, onStop, streaming }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const shortcut = useSendShortcut();
  const blank = !value.trim();

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    const border = el.offsetHeight - el.clientHeight;
    const wanted = el.scrollHeight + border;
    el.style.height = `${Math.min(Math.max(wanted, INPUT_MIN_HEIGHT), INPUT_MAX_HEIGHT)}px`;
    el.style.overflowY = wanted > INPUT_MAX_HEIGHT ? "auto" : "hidden";
  }, [value]);

  return (
    <div className="flex items-end gap-2">
      <textarea
        ref={ref}
        rows={1}
        value={value}
        maxLength={CHAT_MAX_MESSAGE_CHARS}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.nativeEvent.isComposing) return;
          e.preventDefault();
          onSend();
        }}
        placeholder="输入问题…"
        aria-label="输入问题"
        enterKeyHint="enter"
        className="h-10 max-h-[150px] min-h-10 w-full min-w-0 flex-1 resize-none overflow-hidden rounded-xl border border-slate-200 bg-slate-50 px-3 py-[7px] text-[15px] leading-6 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:bg-white"
      />
      {streaming ? (
        // Distinct keys: the click that stops must not land on a send button put in the same DOM node.
        <button
          key="stop"
          type="button"
          onClick={onStop}
          className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          <Square className="size-3.5 fill-current" aria-hidden />
          停止
        </button>
      ) : (
        <button
          key="send"
          type="button"
          onClick={onSend}
          disabled={blank}
          aria-label={`${shortcut} 发送`}
          title={`${shortcut} 发送`}
          className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendHorizontal className="size-4" aria-hidden />
          <span className="hidden sm:inline">{shortcut}</span>
          <span>发送</span>
        </button>
      )}
    </div>
  );
}
