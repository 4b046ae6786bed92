"use client";

import { Bot } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { TYPING_MS_PER_CHAR, nextVisibleLength } from "@/lib/client/typing";
import { ChatMarkdown } from "./chat-markdown";
import { ReasoningSection } from "./reasoning-section";

/** streaming: the reply is arriving; done; stopped by the reader; error: the reply is an error text. */
export type ChatStatus = "streaming" | "done" | "stopped" | "error";

/** A chat message (SPEC section 3): role, content, and for the assistant its reasoning. */
export type ChatMessageData = {
  id: string;
  role: "user" | "assistant";
  content: string;
  reasoning?: string;
  status?: ChatStatus;
};

/**
 * How many characters of `text` to show: typed at 10 ms a character, faster when far behind, quickly to
 * the end once the stream ended. Text present when the message mounts already finished shows at once.
 */
function useTypewriter(text: string, streamEnded: boolean): number {
  const [shown, setShown] = useState(() => (streamEnded ? text.length : 0));
  const latest = useRef({ text, streamEnded });
  useEffect(() => {
    latest.current = { text, streamEnded };
  });
  const behind = shown < text.length;
  useEffect(() => {
    if (!behind) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      setShown((s) => nextVisibleLength(latest.current.text, s, elapsed, latest.current.streamEnded));
    }, TYPING_MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [behind]);
  return Math.min(shown, text.length);
}

export function UserMessage({ message }: { message: ChatMessageData }) {
  return (
    <div className="flex justify-end" data-testid="user-message">
      <p className="max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-500 px-4 py-2.5 text-[15px] leading-7 whitespace-pre-wrap break-words text-white shadow-sm">
        {message.content}
      </p>
    </div>
  );
}

export function AssistantMessage({ message }: { message: ChatMessageData }) {
  const status = message.status ?? "done";
  const streamEnded = status !== "streaming";
  const reasoning = message.reasoning ?? "";
  const shown = useTypewriter(message.content, streamEnded);
  // An error text replaces the reply and shows at once.
  const visible = status === "error" ? message.content : message.content.slice(0, shown);
  const final = streamEnded && visible.length === message.content.length;
  const waiting = status === "streaming" && !message.content && !reasoning;

  return (
    <div className="flex items-start gap-2.5" data-testid="assistant-message" data-status={status} data-typing={final ? "done" : "typing"}>
      <span className="mt-0.5 hidden size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 sm:flex" aria-hidden>
        <Bot className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-3.5 py-3 shadow-sm sm:px-4">
        <ReasoningSection reasoning={reasoning} finished={streamEnded || message.content.length > 0} />
        {waiting ? (
          <p className="flex h-7 items-center gap-1.5 text-sm text-slate-500">
            <span className="sr-only">正在回答</span>
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
          </p>
        ) : null}
        {visible ? (
          status === "error" ? (
            <p className="text-[15px] leading-7 text-red-600" data-testid="chat-error">
              {visible}
            </p>
          ) : (
            <ChatMarkdown text={visible} final={final} />
          )
        ) : null}
        {status === "stopped" ? <p className="mt-2 text-xs text-slate-500">已停止生成</p> : null}
      </div>
    </div>
  );
}
