/// <reference lib="webworker" />
// The service worker (issue 45), bundled by scripts/build-pwa.ts into public/sw.js with Serwist's runtime
// (`serwist`). What it keeps and what it never keeps:
// - the offline shell (/offline.html, its script and the site's stylesheets, the icons): precached, versioned by
//   content hash, the old versions removed when a new worker takes over;
// - build assets (/_next/static/…, names carry their content hash) and the site's own icons: cache first;
// - page navigations: the network, given NAVIGATION_TIMEOUT_S, then the offline shell — a page's HTML is never
//   written to a cache (it carries the request's CSP nonce, and it may be a signed-in reader's);
// - the API, RSC payloads and other sites' images: not touched.
// Notifications (push.ts): a push message is shown, a click opens its page.
// A new worker waits until the reader presses 刷新 on 发现新版本 (SKIP_WAITING), so an open page never runs
// against another build's chunks.
import { CacheableResponsePlugin, CacheFirst, ExpirationPlugin, NetworkOnly, Serwist, type PrecacheEntry } from "serwist";
import { listenForPushes } from "./push";

declare const self: ServiceWorkerGlobalScope;
/** Injected at build time: the shell's files with content hashes, and the build's id. */
declare const __SHELL_MANIFEST__: PrecacheEntry[];
declare const __BUILD_ID__: string;

export const NAVIGATION_TIMEOUT_S = 6;
const SHELL = "/offline.html";

const serwist = new Serwist({
  precacheEntries: __SHELL_MANIFEST__,
  precacheOptions: { cleanupOutdatedCaches: true },
  cacheId: "shiyue",
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
      handler: new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_S }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/") || url.pathname.startsWith("/assets/")),
      handler: new CacheFirst({
        cacheName: "shiyue-static",
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
      }),
    },
  ],
  fallbacks: { entries: [{ url: SHELL, matcher: ({ request }) => request.mode === "navigate" }] },
});

self.addEventListener("install", serwist.handleInstall);
self.addEventListener("activate", serwist.handleActivate);
self.addEventListener("fetch", serwist.handleFetch);
listenForPushes();
self.addEventListener("message", (event) => {
  if (event.data?.type === "VERSION") event.ports[0]?.postMessage(__BUILD_ID__);
});
