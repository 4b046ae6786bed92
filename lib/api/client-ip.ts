import "server-only";
// The client's address for per-address budgets. It starts from the socket's peer address, which the server
// stamps into PEER_HEADER for every request (lib/server/peer-address.ts; a client's own copy is overwritten).
// X-Forwarded-For is read only as far as TRUSTED_PROXIES allows, from the right: a hop count trusts that many
// proxies, a CIDR list skips addresses inside it. A client's own entries sit on the left and are never reached.
// IPv6 clients count per /64 (one subscriber's network). docs/deploy.md shows the settings.
import { BlockList, isIP } from "node:net";
import { getConfig, type TrustedProxies } from "@/lib/config";
import { MSG } from "@/lib/messages";
import { ApiError } from "./errors";

/** Set from the socket by the server itself; never taken from a client. */
export const PEER_HEADER = "x-shiyue-peer";

/** "::ffff:1.2.3.4" → "1.2.3.4"; "[2001:db8::1]:443" and "1.2.3.4:5678" → the address; null when not an address. */
export function normalizeAddress(raw: string): string | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) text = mapped[1];
  return isIP(text) ? text : null;
}

/** The eight 16-bit groups of an IPv6 address (given a valid one). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The key a budget counts: the IPv4 address, or the IPv6 address's /64 network. */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

let trustedList: { source: TrustedProxies; list: BlockList } | undefined;

function trustedNetworks(proxies: Extract<TrustedProxies, { cidrs: unknown }>): BlockList {
  if (trustedList?.source !== proxies) {
    const list = new BlockList();
    for (const c of proxies.cidrs) list.addSubnet(c.address, c.prefix, c.family);
    trustedList = { source: proxies, list };
  }
  return trustedList.list;
}

/**
 * Whether the socket's peer is a proxy TRUSTED_PROXIES names (a hop count of one or more trusts the peer; a CIDR
 * list, a peer inside it). Only such a peer's forwarding headers count: X-Forwarded-Proto, X-Request-Id.
 */
export function peerIsTrustedProxy(peer: string | undefined, proxies: TrustedProxies = getConfig().TRUSTED_PROXIES): boolean {
  const address = normalizeAddress(peer ?? "");
  if (!address) return false;
  if ("hops" in proxies) return proxies.hops > 0;
  return trustedNetworks(proxies).check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Picks the client from the chain [X-Forwarded-For…, peer] as TRUSTED_PROXIES says. */
export function resolveClient(peer: string, forwardedFor: string | null, proxies: TrustedProxies): string {
  const hops = "hops" in proxies ? proxies.hops : null;
  if (hops === 0) return peer;
  const forwarded = (forwardedFor ?? "").split(",").filter((s) => s.trim());
  // From the right: the peer, then each entry the proxies appended.
  const chain = [peer];
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const address = normalizeAddress(forwarded[i]);
    if (!address) break; // garbage was written by no trusted proxy: stop at the last real address
    chain.push(address);
  }
  if (hops !== null) return chain[Math.min(hops, chain.length - 1)];
  const trusted = trustedNetworks(proxies as Extract<TrustedProxies, { cidrs: unknown }>);
  const isTrusted = (a: string) => trusted.check(a, isIP(a) === 6 ? "ipv6" : "ipv4");
  return chain.find((a) => !isTrusted(a)) ?? chain[chain.length - 1];
}

/**
 * The budget key of the request's client (IPv4 address or IPv6 /64). Without the server's peer stamp (a route
 * called by something other than server/main.ts's pipeline, or a socket without an address) it answers 503
 * rather than let every such request share one key.
 */
export function clientIp(req: Request): string {
  const peer = normalizeAddress(req.headers.get(PEER_HEADER) ?? "");
  if (!peer) throw new ApiError("unavailable", MSG.restarting, { "Retry-After": "5" });
  return addressKey(resolveClient(peer, req.headers.get("x-forwarded-for"), getConfig().TRUSTED_PROXIES));
}
