import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { addressKey, normalizeAddress, resolveClient } from "./client-ip";

const proxies = (value: string) => parseConfig({ TRUSTED_PROXIES: value }).TRUSTED_PROXIES;

// Issue 28, row 3: the address a budget counts must be one the client cannot choose.
describe("the client address", () => {
  it.each([
    ["unset: the socket, whatever the header says", "", "10.0.0.5", "6.6.6.6, 203.0.113.9", "10.0.0.5"],
    ["0: the socket", "0", "10.0.0.5", "6.6.6.6", "10.0.0.5"],
    ["1 hop (nginx $proxy_add_x_forwarded_for): the right-most entry", "1", "10.0.0.5", "6.6.6.6, 203.0.113.9", "203.0.113.9"],
    ["2 hops (a CDN, then nginx)", "2", "10.0.0.5", "6.6.6.6, 203.0.113.9, 198.51.100.20", "203.0.113.9"],
    ["1 hop and no header: the socket (the proxy itself)", "1", "10.0.0.5", null, "10.0.0.5"],
    ["3 hops but 1 entry: the furthest known", "3", "10.0.0.5", "203.0.113.9", "203.0.113.9"],
    ["CIDRs: trusted addresses are skipped from the right", "10.0.0.0/8, 198.51.100.0/24", "10.0.0.5", "6.6.6.6, 203.0.113.9, 198.51.100.20, 10.1.1.1", "203.0.113.9"],
    ["CIDRs: an untrusted socket is the client", "10.0.0.0/8", "192.0.2.1", "6.6.6.6", "192.0.2.1"],
    ["CIDRs: IPv6 proxies", "2001:db8::/32", "2001:db8::1", "203.0.113.9, 2001:db8:ffff::2", "203.0.113.9"],
    ["1 hop: garbage to the right stops at the last real address", "1", "10.0.0.5", "6.6.6.6, <script>", "10.0.0.5"],
    ["1 hop: a port and IPv4-mapped IPv6 are read as the address", "1", "::ffff:10.0.0.5", "203.0.113.9:5123", "203.0.113.9"],
  ])("%s", (_name, setting, peer, header, client) => {
    expect(resolveClient(normalizeAddress(peer)!, header, proxies(setting))).toBe(client);
  });

  it("counts IPv6 clients per /64 and IPv4 clients per address", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it.each(["abc", "1.2.3.4/33", "10.0.0.0/8,nonsense", "11", "-1", "1.2.3.4/8/9"])("refuses TRUSTED_PROXIES=%s at start-up with a Chinese line", (value) => {
    expect(() => parseConfig({ TRUSTED_PROXIES: value })).toThrow(/^配置错误：环境变量 TRUSTED_PROXIES 必须是/);
  });
});
