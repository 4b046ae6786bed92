"use client";
// Loaded by PwaClient after the page: shows the 离线 bar while the browser has no connection, registers the service worker (public/sw.js, made by scripts/build-pwa.ts;
// production builds only), announces a new deployment (发现新版本) instead of serving the old bundle on, and keeps
// the offline shelf current — the queue of offline actions sent when the connection returns, the favourites read
// again now and then.
import { toast } from "@/lib/client/toast";
import { OUTBOX_CHANGED, sendOutbox, syncFavorites } from "@/lib/offline/sync";

let started = false;

export function startPwa(bar: HTMLElement): void {
  if (started) return;
  started = true;
  showOfflineBar(bar);
  if ("serviceWorker" in navigator && process.env.NODE_ENV === "production") void registerWorker().catch((err) => console.warn("离线功能未能启用", err));
  const flush = () => void catchUp().catch((err) => console.warn("离线内容同步失败", err));
  window.addEventListener("online", flush);
  flush();
}

async function catchUp() {
  const { sent, refused } = await sendOutbox();
  if (sent) toast.success(`已同步 ${sent} 项离线操作`, { id: "outbox-sent" });
  for (const r of refused) toast.error(`离线操作未能同步：${r.title}`, { description: r.reason, duration: 10_000 });
  await syncFavorites({ force: sent > 0 });
}

async function registerWorker() {
  let controlled = Boolean(navigator.serviceWorker.controller);
  const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  const announce = (worker: ServiceWorker) =>
    toast("发现新版本，刷新后即可使用", {
      id: "new-version",
      duration: Infinity,
      action: { label: "刷新", onClick: () => worker.postMessage({ type: "SKIP_WAITING" }) },
    });
  if (reg.waiting && navigator.serviceWorker.controller) announce(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    worker?.addEventListener("statechange", () => {
      // A first install (no controller before) is not an update.
      if (worker.state === "installed" && navigator.serviceWorker.controller) announce(worker);
    });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The reader pressed 刷新: the new worker took over, the page follows it. (The first worker claiming an
    // uncontrolled page is not a reason to reload it.)
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  // A tab left open for days asks again whenever it is looked at.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void reg.update().catch(() => undefined);
  });
}

/** 离线 (with how many actions done offline wait to be sent) in `bar` while the browser has no connection. */
function showOfflineBar(bar: HTMLElement) {
  let waiting = 0;
  const render = () => {
    if (navigator.onLine) return void bar.replaceChildren();
    const line = Object.assign(document.createElement("div"), {
      className: "bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-900",
      textContent: `离线 · ${waiting ? `${waiting} 项操作待同步，联网后自动发送` : "点赞和收藏会在联网后同步"}`,
    });
    line.setAttribute("role", "status");
    line.dataset.testid = "offline-bar";
    bar.replaceChildren(line);
  };
  addEventListener("online", render);
  addEventListener("offline", render);
  addEventListener(OUTBOX_CHANGED, (e) => {
    waiting = Number((e as CustomEvent).detail) || 0;
    render();
  });
  render();
}
