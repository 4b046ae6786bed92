// Security headers. Pages get a Content-Security-Policy with a fresh nonce per request (set by proxy.ts;
// Next.js puts the nonce on its own scripts; a kept page keeps the one it was rendered with: kept-pages.ts), no 'unsafe-eval' outside development; every response gets the
// static headers below (next.config.ts); HSTS only when the request came over https.

export function contentSecurityPolicy({ nonce, dev = false, https = false }: { nonce: string; dev?: boolean; https?: boolean }): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': chunks loaded by the nonced scripts (highlight.js, mermaid, the chat panel) are trusted.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React renders style attributes and mermaid's SVG carries <style>; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Covers and avatars come from the platforms the articles were collected from.
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self'",
    "frame-src 'none'",
    // The service worker (/sw.js) and the manifest; nothing runs in a blob: worker.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/**
 * The offline shell (public/offline.html): a static page with no inline script and no nonce, so its scripts are
 * allowed by origin alone; it reads IndexedDB and fetches nothing else (issue 45).
 */
export const OFFLINE_SHELL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The service worker's own policy (a worker's CSP comes with its script): it fetches from this origin only — the
 * shell it precaches, the pages it passes on, the build's assets — and loads nothing else.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'";

/** For JSON and other non-page answers: nothing may load from them, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const STATIC_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

export const HSTS = "max-age=31536000; includeSubDomains";

/** Whether the visitor's request was https (directly, or at a proxy that says so). */
export function cameOverHttps(url: { protocol: string }, forwardedProto: string | null): boolean {
  return url.protocol === "https:" || forwardedProto?.split(",")[0].trim().toLowerCase() === "https";
}
