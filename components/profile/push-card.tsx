"use client";
// 消息推送 (issue 45): notifications in this browser — replies to my comments and 今日精选 — turned on only by a
// click here (the browser asks for permission then), off again here; which kinds, for all of the reader's browsers.
import { BellRing } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { api, errorText } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";

type State = { available: boolean; public_key: string | null; subscriptions: number; replies: boolean; digest: boolean };
type Here = "unsupported" | "off" | "on" | "denied";

const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The VAPID public key as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** The reader's push settings, and this browser's side of them. */
async function read(): Promise<[State, Here]> {
  const { data } = await api<{ data: State }>("/users/me/push");
  if (!supported()) return [data, "unsupported"];
  if (Notification.permission === "denied") return [data, "denied"];
  return [data, (await currentSubscription()) ? "on" : "off"];
}

export function PushCard() {
  const [state, setState] = useState<State | null>(null);
  const [here, setHere] = useState<Here>("off");
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    read().then(
      ([data, browser]) => {
        setState(data);
        setHere(browser);
      },
      (err) => console.warn("推送设置读取失败", err),
    );
  }, []);
  useEffect(refresh, [refresh]);

  async function turnOn() {
    if (!state?.public_key) return;
    setBusy(true);
    try {
      // The browser asks the reader now, because they clicked: never before.
      if ((await Notification.requestPermission()) !== "granted") {
        setHere("denied");
        toast.error("浏览器没有允许通知，可在浏览器的网站设置中开启");
        return;
      }
      const reg = await navigator.serviceWorker.ready;
      const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(state.public_key) }));
      const { data } = await api<{ data: State }>("/users/me/push/subscriptions", { json: sub.toJSON() });
      setState(data);
      setHere("on");
      toast.success("已在此浏览器开启消息推送");
    } catch (err) {
      console.warn("开启推送失败", err);
      toast.error(errorText(err, "开启推送失败，请稍后重试"));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      const sub = await currentSubscription();
      if (sub) {
        const { data } = await api<{ data: State }>("/users/me/push/subscriptions", { method: "DELETE", json: { endpoint: sub.endpoint } });
        await sub.unsubscribe();
        setState(data);
      }
      setHere("off");
      toast.success("已在此浏览器关闭消息推送");
    } catch (err) {
      toast.error(errorText(err, "关闭推送失败，请稍后重试"));
    } finally {
      setBusy(false);
    }
  }

  /** The box follows the click at once; a failure puts it back. */
  async function setKind(kind: "replies" | "digest", on: boolean) {
    setState((s) => (s ? { ...s, [kind]: on } : s));
    try {
      const { data } = await api<{ data: State }>("/users/me/push", { method: "PUT", json: { [kind]: on } });
      setState(data);
    } catch (err) {
      setState((s) => (s ? { ...s, [kind]: !on } : s));
      toast.error(errorText(err, "保存失败，请重试"));
    }
  }

  const status = !state
    ? "正在读取…"
    : !state.available
      ? "本站暂未开通消息推送"
      : here === "unsupported"
        ? "这个浏览器不支持消息推送（iPhone 需先把拾阅添加到主屏幕）"
        : here === "denied"
          ? "浏览器已禁止本站的通知，可在浏览器的网站设置中允许"
          : here === "on"
            ? `已在此浏览器开启${state.subscriptions > 1 ? `（共 ${state.subscriptions} 个浏览器）` : ""}`
            : state.subscriptions
              ? `此浏览器未开启（已在 ${state.subscriptions} 个其他浏览器开启）`
              : "未开启";

  return (
    <section aria-labelledby="push-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="push-card">
      <h2 id="push-title" className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
        <BellRing className="size-4 text-brand-500" aria-hidden />
        消息推送
      </h2>
      <p className="mt-1 text-xs text-slate-500">有人回复你的评论、今日精选准备好时，即使没打开拾阅，也会在此设备上收到通知。</p>
      <div className="mt-3 flex items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-slate-700" data-testid="push-status">
          {status}
        </p>
        {state?.available && (here === "off" || here === "on") ? (
          <button
            type="button"
            onClick={here === "on" ? turnOff : turnOn}
            disabled={busy}
            className="shrink-0 rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-600 hover:bg-slate-50 disabled:opacity-60"
          >
            {here === "on" ? "在此浏览器关闭" : "在此浏览器开启"}
          </button>
        ) : null}
      </div>
      {state?.available ? (
        <fieldset className="mt-3 flex flex-wrap gap-4 border-t border-slate-100 pt-3 text-sm text-slate-700">
          <legend className="sr-only">推送哪些消息</legend>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={state.replies} onChange={(e) => void setKind("replies", e.target.checked)} />
            回复我的评论
          </label>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={state.digest} onChange={(e) => void setKind("digest", e.target.checked)} />
            今日精选
          </label>
        </fieldset>
      ) : null}
    </section>
  );
}
