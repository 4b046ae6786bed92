// SSRF checks for user-submitted links: which URLs may be fetched and which addresses are public.
// Pure functions, no I/O; lib/summary/fetch.ts resolves names and applies them to every address and hop.
import { BlockList, isIP } from "node:net";

/** IPv4 ranges that never belong to a public web server. */
const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, incl. broadcast 255.255.255.255
];

const blockedV4 = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blockedV4.addSubnet(net, prefix, "ipv4");

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let s = ip.split("%")[0];
  if (isIP(s) !== 6) return null;
  const lastColon = s.lastIndexOf(":");
  const tail = s.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a, b, c, d] = tail.split(".").map(Number);
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const toNumbers = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const double = s.indexOf("::");
  if (double < 0) return toNumbers(s);
  const head = toNumbers(s.slice(0, double));
  const rest = toNumbers(s.slice(double + 2));
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
const zero = (groups: number[]) => groups.every((g) => g === 0);

function isPublicV6(h: number[]): boolean {
  // ::/96 — unspecified ::, loopback ::1 and deprecated IPv4-compatible ::a.b.c.d (0.0.0.x is refused).
  if (zero(h.slice(0, 6))) return isPublicV4(v4(h[6], h[7]));
  // ::ffff:a.b.c.d IPv4-mapped, ::ffff:0:a.b.c.d IPv4-translated.
  if (zero(h.slice(0, 5)) && h[5] === 0xffff) return isPublicV4(v4(h[6], h[7]));
  if (zero(h.slice(0, 4)) && h[4] === 0xffff && h[5] === 0) return isPublicV4(v4(h[6], h[7]));
  if (h[0] === 0x64 && h[1] === 0xff9b) {
    // 64:ff9b::/96 well-known NAT64 prefix carries the IPv4 target; 64:ff9b:1::/48 is local-use.
    return zero(h.slice(2, 6)) && isPublicV4(v4(h[6], h[7]));
  }
  if (h[0] === 0x2002) return isPublicV4(v4(h[1], h[2])); // 6to4
  // 2001::/23 IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID; 2001:db8::/32 documentation.
  if (h[0] === 0x2001 && (h[1] < 0x200 || h[1] === 0xdb8)) return false;
  if (h[0] === 0x3fff && h[1] < 0x1000) return false; // 3fff::/20 documentation
  // Only global unicast 2000::/3 remains public: fc00::/7, fe80::/10, fec0::/10, ff00::/8, 100::/64 are not.
  return (h[0] & 0xe000) === 0x2000;
}

function isPublicV4(ip: string): boolean {
  return !blockedV4.check(ip, "ipv4");
}

/** Whether an IP address (v4 or v6) is a public unicast address a fetch may connect to. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip.split("%")[0]);
  if (family === 4) return isPublicV4(ip);
  if (family === 6) {
    const groups = ipv6Groups(ip);
    return groups !== null && groups.length === 8 && isPublicV6(groups);
  }
  return false;
}

/**
 * Link-local and cloud metadata addresses: where a cloud machine reads its credentials. No flag makes them
 * reachable (a feed's allow_private, ALLOW_PRIVATE_URLS), in any IPv6 spelling that carries them.
 */
const METADATA_V4: [string, number][] = [
  ["169.254.0.0", 16], // link-local: AWS, GCP, Azure, Huawei 169.254.169.254; Tencent Cloud 169.254.0.23
  ["100.100.100.200", 32], // Alibaba Cloud
  ["192.0.0.192", 32], // Oracle Cloud (classic)
  ["168.63.129.16", 32], // Azure WireServer (a public-looking address inside every Azure network)
];
const metadataV4 = new BlockList();
for (const [net, prefix] of METADATA_V4) metadataV4.addSubnet(net, prefix, "ipv4");

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4), or null. */
function embeddedV4(h: number[]): string | null {
  if (zero(h.slice(0, 5)) && (h[5] === 0xffff || h[5] === 0)) return v4(h[6], h[7]);
  if (zero(h.slice(0, 4)) && h[4] === 0xffff && h[5] === 0) return v4(h[6], h[7]);
  if (h[0] === 0x64 && h[1] === 0xff9b && zero(h.slice(2, 6))) return v4(h[6], h[7]);
  if (h[0] === 0x2002) return v4(h[1], h[2]);
  return null;
}

/** Whether an address is link-local or a cloud metadata service: refused whatever is allowed. */
export function isMetadataAddress(ip: string): boolean {
  const family = isIP(ip.split("%")[0]);
  if (family === 4) return metadataV4.check(ip, "ipv4");
  const h = family === 6 ? ipv6Groups(ip) : null;
  if (!h || h.length !== 8) return false;
  if ((h[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if (h[0] === 0xfd00 && h[1] === 0xec2 && zero(h.slice(2, 7)) && h[7] === 0x254) return true; // AWS fd00:ec2::254
  const inner = embeddedV4(h);
  return inner !== null && metadataV4.check(inner, "ipv4");
}

/** The IP address a URL's hostname spells literally (brackets of IPv6 stripped), or null for a name. */
export function hostAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) ? host : null;
}

export type UrlCheck =
  | { ok: true; url: URL }
  | { ok: false; reason: string; code: "bad_url" | "bad_scheme" };

/**
 * Whether a URL may be fetched at all: http/https, no credentials, a hostname. Numeric IPv4 forms
 * (2130706433, 0x7f000001, 0177.0.0.1, 127.1) come out of the WHATWG parser in dotted form, so the
 * addresses are judged afterwards by `isPublicAddress` on `hostAddress(url)` or on the resolved names.
 */
export function checkUrl(raw: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: "链接格式不正确", code: "bad_url" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: "只支持 http 和 https 链接", code: "bad_scheme" };
  }
  if (url.username || url.password) return { ok: false, reason: "链接中不能包含用户名或密码", code: "bad_url" };
  if (!url.hostname) return { ok: false, reason: "链接缺少网站地址", code: "bad_url" };
  return { ok: true, url };
}
