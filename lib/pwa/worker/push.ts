/// <reference lib="webworker" />
// The service worker's notifications (issue 45): a push message from the site (lib/push/sender.ts: title, body, a
// path on this site, a tag) is shown as a notification; a click on it opens that path — in a tab of the site that
// is already open when there is one, else in a new window. Anything else in a message is ignored; a path that is
// not this site's becomes the home page.

declare const self: ServiceWorkerGlobalScope;

export type PushPayload = { title: string; body: string; url: string; tag?: string };

/** The message as shown, from whatever arrived (a malformed one still tells the reader something happened). */
export function readPayload(text: string | null): PushPayload {
  let data: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    data = JSON.parse(text ?? "{}") ?? {};
  } catch {
    data = {};
  }
  const str = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");
  const url = str(data.url, 500);
  return {
    title: str(data.title, 80) || "拾阅",
    body: str(data.body, 200) || "你有一条新消息",
    url: url.startsWith("/") && !url.startsWith("//") ? url : "/",
    tag: str(data.tag, 64) || undefined,
  };
}

export function listenForPushes(): void {
  self.addEventListener("push", (event) => {
    const p = readPayload(event.data?.text() ?? null);
    event.waitUntil(self.registration.showNotification(p.title, { body: p.body, tag: p.tag, icon: "/icons/icon-192.png", badge: "/icons/icon-192.png", data: { url: p.url }, lang: "zh-CN" }));
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const path = readPayload(JSON.stringify({ url: event.notification.data?.url })).url;
    const target = new URL(path, self.location.origin).href;
    extend(
      event,
      (async () => {
        const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
        const same = open.find((c) => c.url === target) ?? open.find((c) => new URL(c.url).origin === self.location.origin);
        if (same) {
          const at = same.url === target ? same : ((await same.navigate(target).catch(() => null)) ?? same);
          await at.focus().catch(() => undefined);
          return;
        }
        await self.clients.openWindow(target);
      })(),
    );
  });
}

/** Keeps the worker alive until `work` settles; an event a script dispatched (a test's) cannot be extended. */
function extend(event: ExtendableEvent, work: Promise<unknown>) {
  try {
    event.waitUntil(work);
  } catch {
    void work.catch(() => undefined);
  }
}
