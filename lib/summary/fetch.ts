import "server-only";
// SSRF-safe HTTP GET for the link-summary pipeline and the feed collector. Every hop: scheme and port checked
// (80, 443 and SUMMARY_FETCH_PORTS, before any DNS lookup), the name resolved here and every address checked
// (link-local and cloud metadata refused whatever is allowed), then the connection made to that checked
// address only (a custom `lookup`, so the HTTP client never resolves the name again — no DNS rebinding). Redirects are followed by hand (max 5),
// total time and body size are capped, the content type must be one the caller accepts.
import { promises as dns } from "node:dns";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { getConfig } from "@/lib/config";
import { checkUrl, hostAddress, isMetadataAddress, isPublicAddress } from "./ssrf";

export type FetchRefusedCode =
  | "bad_url"
  | "bad_scheme"
  | "private_address"
  | "bad_port"
  | "dns_failed"
  | "network_error"
  | "too_many_redirects"
  | "too_large"
  | "timeout"
  | "bad_status"
  | "bad_content_type";

/** A fetch the pipeline will not (or could not) make; `message` is shown to the user. */
export class FetchRefused extends Error {
  constructor(
    readonly code: FetchRefusedCode,
    message: string,
    /** For `bad_status`: the status and the server's Retry-After header, if any. */
    readonly response?: { status: number; retryAfter: string | null },
  ) {
    super(message);
    this.name = "FetchRefused";
  }
}

export const FETCH_TIMEOUT_MS = 15_000;
export const FETCH_MAX_BYTES = 20 * 1024 * 1024;
export const FETCH_MAX_REDIRECTS = 5;
/** Content-type prefixes the summary pipeline can use. */
export const FETCH_ACCEPT = [
  "text/html",
  "application/xhtml+xml",
  "text/plain",
  "audio/",
  "video/",
  "application/rss+xml",
  "application/xml",
  "text/xml",
  "text/vtt",
  "application/x-subrip",
  "application/json",
];
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type SafeFetchOptions = {
  /** Total time for all hops, DNS and body (default 15 s). */
  timeoutMs?: number;
  /** Largest decoded body (default 20 MB). */
  maxBytes?: number;
  /** Accepted content-type prefixes (default FETCH_ACCEPT). */
  accept?: string[];
  /**
   * Whether a non-public address may be used. Default: `ALLOW_PRIVATE_URLS`. A function decides per
   * address, with the hostname it came from and the hop number (0 = the first request).
   */
  allowPrivate?: boolean | ((ip: string, host: string, hop: number) => boolean);
  /**
   * The ports a hop may use (default `fetchPorts()`: 80, 443 and SUMMARY_FETCH_PORTS), checked before the
   * name is resolved. With ALLOW_PRIVATE_URLS (tests) another port is let through to non-public addresses only.
   */
  ports?: ReadonlySet<number>;
  /** Resolves a hostname to all its addresses (default `dns.promises.lookup(host, { all: true })`). */
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
  /** Extra request headers (User-Agent, Accept, If-None-Match, If-Modified-Since…) over the defaults. */
  headers?: Record<string, string>;
  /** Cancels the fetch (e.g. on shutdown); it then fails with `network_error`. */
  signal?: AbortSignal;
};

export type SafeFetchResult = {
  /** The URL after redirects. */
  url: string;
  status: number;
  /** The Content-Type header as sent (may carry `; charset=…`). */
  contentType: string;
  /** The decoded body (gzip/br/deflate undone); empty for a 304. */
  body: Buffer;
  headers: IncomingHttpHeaders;
  /** Never set: a body over the limit is refused, not cut. */
  truncated?: never;
};

/** The ports a fetch may use unless told otherwise: 80, 443 and the operator's SUMMARY_FETCH_PORTS. */
export function fetchPorts(): ReadonlySet<number> {
  return new Set([80, 443, ...getConfig().SUMMARY_FETCH_PORTS]);
}

/** The port a URL connects to: its own, or its scheme's. */
export const urlPort = (url: URL) => Number(url.port) || (url.protocol === "https:" ? 443 : 80);

function portRefused(port: number, ports: ReadonlySet<number>): FetchRefused {
  const allowed = [...ports].sort((a, b) => a - b).join("、");
  return new FetchRefused("bad_port", `出于安全考虑，只能访问 ${allowed} 端口的网址（这个链接的端口是 ${port}）`);
}

async function systemLookup(host: string): Promise<ResolvedAddress[]> {
  const found = await dns.lookup(host, { all: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Fetches a user-submitted URL with the SSRF rules above; throws FetchRefused. */
export async function safeFetch(input: string | URL, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const cancel = () => controller.abort();
  opts.signal?.addEventListener("abort", cancel, { once: true });
  if (opts.signal?.aborted) cancel();
  const deadline = timeLimit(timeoutMs, controller);
  try {
    const read = async (): Promise<SafeFetchResult> => {
      const { res, ...head } = await fetchHops(String(input), opts, controller.signal);
      const body = res ? await readBody(res, opts.maxBytes ?? FETCH_MAX_BYTES) : Buffer.alloc(0);
      return { ...head, body };
    };
    return await Promise.race([read(), deadline.expired]);
  } finally {
    deadline.clear();
    opts.signal?.removeEventListener("abort", cancel);
    controller.abort(); // closes anything still open (a refused redirect's socket, a half-read body)
  }
}

/** A checked response whose body is not read yet: the caller streams `body` and then calls `close`. */
export type OpenedFetch = Omit<SafeFetchResult, "body" | "truncated"> & {
  /** The decoded body (gzip/br/deflate undone). */
  body: Readable;
  /** The Content-Length the server declared for an unencoded body, else null. */
  length: number | null;
  /** Closes the connection (idempotent); `opts.signal` aborting does the same. */
  close: () => void;
};

/**
 * The same checks as safeFetch, but answers once the headers are in (`timeoutMs` bounds only that), so a
 * large body can be streamed to disk. A declared length over `maxBytes` is refused here; the caller
 * enforces the limit while reading.
 */
export async function safeOpen(input: string | URL, opts: SafeFetchOptions = {}): Promise<OpenedFetch> {
  const controller = new AbortController();
  const close = () => controller.abort();
  opts.signal?.addEventListener("abort", close, { once: true });
  if (opts.signal?.aborted) close();
  const deadline = timeLimit(opts.timeoutMs ?? FETCH_TIMEOUT_MS, controller);
  try {
    const { res, ...head } = await Promise.race([fetchHops(String(input), opts, controller.signal), deadline.expired]);
    if (!res) throw new FetchRefused("bad_status", "目标网页返回 304", { status: 304, retryAfter: null });
    const declared = Number(res.headers["content-length"]);
    const length = !res.headers["content-encoding"] && Number.isFinite(declared) && res.headers["content-length"] ? declared : null;
    return {
      ...head,
      body: decoded(res),
      length,
      close: () => {
        opts.signal?.removeEventListener("abort", close);
        close();
      },
    };
  } catch (err) {
    opts.signal?.removeEventListener("abort", close);
    close();
    throw err;
  } finally {
    deadline.clear();
  }
}

function timeLimit(timeoutMs: number, controller: AbortController) {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new FetchRefused("timeout", `目标网页在 ${Math.max(1, Math.round(timeoutMs / 1000))} 秒内没有完成响应`));
      controller.abort();
    }, timeoutMs);
  });
  expired.catch(() => {}); // a race that already settled must not leave an unhandled rejection
  return { expired, clear: () => clearTimeout(timer) };
}

type Hops = Omit<SafeFetchResult, "body" | "truncated"> & { res: IncomingMessage | null };

async function fetchHops(raw: string, opts: SafeFetchOptions, signal: AbortSignal): Promise<Hops> {
  const maxBytes = opts.maxBytes ?? FETCH_MAX_BYTES;
  const accept = (opts.accept ?? FETCH_ACCEPT).map((p) => p.toLowerCase());
  const ports = opts.ports ?? fetchPorts();
  let url = checked(raw);
  for (let hop = 0; ; hop++) {
    const port = urlPort(url);
    const portAllowed = ports.has(port);
    const testing = getConfig().ALLOW_PRIVATE_URLS;
    // Before any lookup; a private address literal is refused below for what it is, which says more.
    const literal = hostAddress(url);
    if (!portAllowed && !testing && (literal === null || isPublicAddress(literal))) throw portRefused(port, ports);
    const target = await resolveChecked(url, hop, opts);
    // ALLOW_PRIVATE_URLS (tests): a fixture server's random port on loopback, never a public host's.
    if (!portAllowed && !(testing && !isPublicAddress(target.address))) throw portRefused(port, ports);
    const res = await request(url, target, signal, opts.headers);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location) {
      res.destroy();
      if (hop >= FETCH_MAX_REDIRECTS) throw new FetchRefused("too_many_redirects", `跳转次数过多（超过 ${FETCH_MAX_REDIRECTS} 次）`);
      url = checked(location, url);
      continue;
    }
    const conditional = opts.headers && Object.keys(opts.headers).some((h) => /^if-(none-match|modified-since)$/i.test(h));
    if (status === 304 && conditional) {
      res.destroy();
      return { url: url.href, status, contentType: "", headers: res.headers, res: null };
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      const retryAfter = res.headers["retry-after"] ?? null;
      throw new FetchRefused("bad_status", `目标网页返回 ${status}`, { status, retryAfter });
    }
    const contentType = String(res.headers["content-type"] ?? "").trim();
    const type = contentType.split(";")[0].trim().toLowerCase();
    if (!type || !accept.some((prefix) => type.startsWith(prefix))) {
      res.destroy();
      throw new FetchRefused("bad_content_type", `不支持的内容类型（${type || "未知"}）`);
    }
    const declared = Number(res.headers["content-length"]);
    if (!res.headers["content-encoding"] && declared > maxBytes) {
      res.destroy();
      throw new FetchRefused("too_large", tooLargeMessage(maxBytes));
    }
    return { url: url.href, status, contentType, headers: res.headers, res };
  }
}

/** "内容过大（超过 20 MB）"; 2 GB and over in GB. */
export const tooLargeMessage = (maxBytes: number) => `内容过大（超过 ${maxBytes >= 1024 ** 3 ? `${Math.round((maxBytes / 1024 ** 3) * 10) / 10} GB` : mb(maxBytes)}）`;

function checked(raw: string, base?: URL): URL {
  let resolved = raw;
  if (base) {
    try {
      resolved = new URL(raw, base).href;
    } catch {
      throw new FetchRefused("bad_url", "目标网页跳转到了无效的链接");
    }
  }
  const result = checkUrl(resolved);
  if (!result.ok) throw new FetchRefused(result.code, result.reason);
  return result.url;
}

/** A name that does not resolve, or resolves to an address we never connect to: one answer for both. */
const unreachableName = (host: string) => `无法访问 ${host}：域名无法解析，或指向内网、本机地址`;

/** Resolves the URL's host and checks every address; answers the one to connect to. */
async function resolveChecked(url: URL, hop: number, opts: SafeFetchOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedAddress[];
  const family = isIP(host);
  if (family) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (opts.lookup ?? systemLookup)(host);
    } catch {
      throw new FetchRefused("dns_failed", unreachableName(host));
    }
    if (!addresses.length) throw new FetchRefused("dns_failed", unreachableName(host));
  }
  const allow = opts.allowPrivate ?? getConfig().ALLOW_PRIVATE_URLS;
  for (const { address } of addresses) {
    const allowed = isPublicAddress(address) || (typeof allow === "function" ? allow(address, host, hop) : allow);
    if (allowed && !isMetadataAddress(address)) continue; // link-local and cloud metadata: whatever `allow` says
    // An address typed as such is named; the address a name resolved to never is (a DNS oracle for the internal
    // network), and such a name reads as one that does not resolve.
    throw new FetchRefused("private_address", family ? `出于安全考虑，不能访问内网或本机地址（${address}）` : unreachableName(host));
  }
  return addresses[0];
}

function request(url: URL, target: ResolvedAddress, signal: AbortSignal, extra: Record<string, string> = {}): Promise<IncomingMessage> {
  // The connection goes to the checked address whatever name the client asks about; TLS SNI and the
  // Host header keep the original hostname.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "GET",
        agent: false,
        lookup,
        signal,
        headers: {
          "User-Agent": BROWSER_USER_AGENT,
          Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "Accept-Language": "zh-CN,zh;q=0.9",
          "Accept-Encoding": "gzip, deflate, br",
          ...extra,
        },
      },
      resolve,
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      reject(new FetchRefused("network_error", `无法连接到目标网站${err.code ? `（${err.code}）` : ""}`));
    });
    req.end();
  });
}

/** The body with its content-encoding undone. */
function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers["content-encoding"] ?? "").trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "br"
        ? createBrotliDecompress()
        : encoding === "deflate"
          ? createInflate()
          : null;
  return decoder ? pipeline(res, decoder, () => {}) : res;
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return collect(decoded(res), maxBytes, () => res.destroy());
}

async function collect(stream: Readable, maxBytes: number, close: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw new FetchRefused("too_large", tooLargeMessage(maxBytes));
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    throw new FetchRefused("network_error", "读取目标网页时连接中断或内容无法解码");
  } finally {
    close();
  }
  return Buffer.concat(chunks);
}

/** Reads an opened response's body into memory, as safeFetch would have (size and time limits). */
export async function readOpened(opened: OpenedFetch, { maxBytes = FETCH_MAX_BYTES, timeoutMs = FETCH_TIMEOUT_MS } = {}): Promise<SafeFetchResult> {
  if (opened.length !== null && opened.length > maxBytes) {
    opened.close();
    throw new FetchRefused("too_large", tooLargeMessage(maxBytes));
  }
  const controller = new AbortController();
  controller.signal.addEventListener("abort", opened.close);
  const deadline = timeLimit(timeoutMs, controller);
  try {
    const body = await Promise.race([collect(opened.body, maxBytes, opened.close), deadline.expired]);
    const { url, status, contentType, headers } = opened;
    return { url, status, contentType, headers, body };
  } finally {
    deadline.clear();
    opened.close();
  }
}
