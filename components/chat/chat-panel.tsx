"use client";

import { Bot, RotateCcw, Sparkles } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { CHAT_MAX_MESSAGE_CHARS, chatFailureText, chatHistory, streamChat } from "@/lib/client/chat-stream";
import { getToken } from "@/lib/client/session";
import { MSG } from "@/lib/messages";
import { ChatInput } from "./chat-input";
import { AssistantMessage, UserMessage, type ChatMessageData, type ChatStatus } from "./chat-message";

const STORAGE_PREFIX = "shiyue_chat:";
let idSequence = 0;
const newId = () => `m${Date.now().toString(36)}-${++idSequence}`;

/** The conversation kept for this tab, so coming back from an article shows it again instead of re-asking. */
function restore(key: string | null): ChatMessageData[] {
  if (!key || typeof window === "undefined") return [];
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? "[]") as ChatMessageData[];
    return Array.isArray(saved) ? saved.map((m) => (m.status === "streaming" ? { ...m, status: "stopped" as const } : m)) : [];
  } catch {
    return [];
  }
}

function save(key: string | null, messages: ChatMessageData[]) {
  if (!key) return;
  try {
    if (messages.length) sessionStorage.setItem(key, JSON.stringify(messages));
    else sessionStorage.removeItem(key);
  } catch {
    /* storage full or unavailable: the conversation just is not kept */
  }
}

/**
 * The AI assistant (SPEC section 2, "AI chat"): a greeting, the conversation, and the question box.
 * `initialQuestion` (the search that found nothing) is asked once when the panel opens.
 */
export function ChatPanel({ initialQuestion }: { initialQuestion?: string }) {
  const storageKey = initialQuestion ? `${STORAGE_PREFIX}${initialQuestion}` : null;
  const [messages, setMessages] = useState<ChatMessageData[]>(() => restore(storageKey));
  const [input, setInput] = useState("");
  const [streaming, setStreaming] = useState(false);
  const busy = useRef(false);
  const request = useRef<AbortController | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const updateReply = (id: string, change: (m: ChatMessageData) => ChatMessageData) =>
    setMessages((ms) => ms.map((m) => (m.id === id ? change(m) : m)));

  async function send(text: string) {
    const question = text.trim().slice(0, CHAT_MAX_MESSAGE_CHARS);
    if (!question || busy.current) return; // SPEC section 5: blank, or a reply in progress
    busy.current = true;
    const history = chatHistory(messages.map((m) => ({ role: m.role, content: m.content, failed: m.status === "error" })));
    const reply: ChatMessageData = { id: newId(), role: "assistant", content: "", reasoning: "", status: "streaming" };
    setMessages((ms) => [...ms, { id: newId(), role: "user", content: question }, reply]);
    setStreaming(true);
    stickToBottom.current = true;
    const controller = new AbortController();
    request.current = controller;

    let ending: ChatStatus = "done";
    try {
      for await (const event of streamChat({ message: question, history, token: getToken(), signal: controller.signal })) {
        if (event.type === "error") {
          ending = "error";
          updateReply(reply.id, (m) => ({ ...m, content: MSG.chatErrorPrefix + event.content }));
          break;
        }
        const field = event.type === "reasoning" ? "reasoning" : "content";
        if (event.content) updateReply(reply.id, (m) => ({ ...m, [field]: (m[field] ?? "") + event.content }));
      }
    } catch (err) {
      if (controller.signal.aborted) {
        ending = "stopped";
      } else {
        ending = "error";
        updateReply(reply.id, (m) => ({ ...m, content: chatFailureText(err) }));
      }
    } finally {
      controller.abort(); // closes the connection after an error event; harmless otherwise
      if (request.current === controller) request.current = null;
      updateReply(reply.id, (m) =>
        ending === "done" && !m.content ? { ...m, content: MSG.chatFailed, status: "error" } : { ...m, status: ending },
      );
      setStreaming(false);
      busy.current = false;
    }
  }

  function submit() {
    if (!input.trim() || busy.current) return;
    const text = input;
    setInput("");
    void send(text);
  }

  // The search's question is asked once. Deferred to a timer so React's development double effect
  // (mount, unmount, mount) cancels the first one and sends only once.
  const askInitial = useEffectEvent(() => {
    if (initialQuestion && messages.length === 0) void send(initialQuestion);
  });
  useEffect(() => {
    const timer = setTimeout(askInitial, 0);
    return () => clearTimeout(timer);
  }, []);

  // Leaving the page stops the reply.
  useEffect(() => {
    const current = request;
    return () => current.current?.abort();
  }, []);

  useEffect(() => {
    if (!streaming) save(storageKey, messages);
  }, [messages, streaming, storageKey]);

  // Follow the newest text while the reader is at the bottom; leave them alone once they scroll up.
  useEffect(() => {
    const log = logRef.current;
    const content = contentRef.current;
    if (!log || !content) return;
    const onScroll = () => {
      stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
    };
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) log.scrollTop = log.scrollHeight;
    });
    log.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(content);
    return () => {
      log.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, []);

  return (
    <div className="flex h-[calc(100dvh-13rem)] max-h-[56rem] min-h-[26rem] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-100 px-4">
        <Sparkles className="size-4 text-brand-500" aria-hidden />
        <h2 className="text-sm font-semibold text-slate-800">拾阅 AI 助手</h2>
        {messages.length > 0 && !streaming ? (
          <button
            type="button"
            onClick={() => {
              setMessages([]);
              setInput("");
            }}
            className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          >
            <RotateCcw className="size-3.5" aria-hidden />
            新对话
          </button>
        ) : null}
      </div>

      <div ref={logRef} role="log" aria-live="polite" aria-label="对话记录" className="flex-1 overflow-y-auto overscroll-contain bg-slate-50/60 px-3 py-4 sm:px-5">
        <div ref={contentRef} className="flex flex-col gap-4">
          {messages.length === 0 ? (
            <div className="flex flex-col items-center px-4 py-10 text-center" data-testid="chat-greeting">
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Bot className="size-6" aria-hidden />
              </span>
              <p className="mt-4 text-base font-semibold text-slate-800">你好，我是拾阅 AI 助手</p>
              <p className="mt-2 max-w-sm text-sm leading-6 text-slate-500">
                可以问我站内文章里的知识，我会找出相关文章并给出链接；也可以请我解释概念、写代码或画流程图。
              </p>
            </div>
          ) : (
            messages.map((m) => (m.role === "user" ? <UserMessage key={m.id} message={m} /> : <AssistantMessage key={m.id} message={m} />))
          )}
        </div>
      </div>

      <div className="border-t border-slate-100 p-3">
        <ChatInput value={input} onChange={setInput} onSend={submit} onStop={() => request.current?.abort()} streaming={streaming} />
        <p className="mt-1.5 text-center text-[11px] text-slate-500">AI 生成的内容仅供参考</p>
      </div>
    </div>
  );
}
