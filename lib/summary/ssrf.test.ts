import { describe, expect, it } from "vitest";
import { checkUrl, hostAddress, isMetadataAddress, isPublicAddress } from "./ssrf";

/** What the fetcher decides for a URL whose host is an address literal (names are resolved in fetch.ts). */
function verdict(raw: string): string {
  const checked = checkUrl(raw);
  if (!checked.ok) return checked.code;
  const ip = hostAddress(checked.url);
  if (ip === null) return "name";
  return isPublicAddress(ip) ? "public" : "private";
}

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback /8"],
    ["10.0.0.1", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12 end"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.0.1", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.254", "CGNAT end"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network /8"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast SSDP"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking end"],
    ["192.0.2.1", "TEST-NET-1"],
    ["198.51.100.7", "TEST-NET-2"],
    ["203.0.113.9", "TEST-NET-3"],
    ["192.0.0.8", "IETF 192.0.0/24"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with zone"],
    ["fc00::1", "IPv6 unique local fc00"],
    ["fd12:3456:789a::1", "IPv6 unique local fd00"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:10.1.2.3", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:0:127.0.0.1", "IPv4-translated loopback"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::a9fe:a9fe", "IPv4-compatible metadata"],
    ["64:ff9b::7f00:1", "NAT64 loopback"],
    ["64:ff9b::10.0.0.1", "NAT64 private"],
    ["64:ff9b:1::808:808", "NAT64 local-use"],
    ["2002:7f00:1::", "6to4 loopback"],
    ["2002:c0a8:101::1", "6to4 private"],
    ["2001::1", "Teredo"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo full"],
    ["2001:db8::1", "IPv6 documentation"],
    ["100::1", "IPv6 discard"],
    ["not-an-ip", "not an address"],
    ["", "empty"],
  ])("refuses %s (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "114.114.114.114",
    "223.5.5.5",
    "100.63.255.255",
    "100.128.0.1",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "2400:3200::1",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows public %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("checkUrl", () => {
  it.each([
    ["http://127.0.0.1/", "private"],
    ["http://127.0.0.1:3000/admin", "private"],
    ["http://2130706433/", "private"],
    ["http://0x7f000001/", "private"],
    ["http://0177.0.0.1/", "private"],
    ["http://127.1/", "private"],
    ["http://0.0.0.0:8080/", "private"],
    ["http://0/", "private"],
    ["http://10.0.0.5/", "private"],
    ["http://192.168.0.1/", "private"],
    ["http://172.20.1.1/", "private"],
    ["http://169.254.169.254/latest/meta-data/", "private"],
    ["http://100.100.100.200/", "private"],
    ["http://224.0.0.251/", "private"],
    ["http://255.255.255.255/", "private"],
    ["http://[::1]/", "private"],
    ["http://[::1]:8080/x", "private"],
    ["http://[fe80::1]/", "private"],
    ["http://[fc00::1]/", "private"],
    ["http://[::ffff:127.0.0.1]/", "private"],
    ["http://[::ffff:7f00:1]/", "private"],
    ["http://[::127.0.0.1]/", "private"],
    ["http://[64:ff9b::7f00:1]/", "private"],
    ["http://[2002:7f00:1::]/", "private"],
    ["http://[2001::1]/", "private"],
    ["http://[::]/", "private"],
    ["file:///etc/passwd", "bad_scheme"],
    ["ftp://example.com/file.txt", "bad_scheme"],
    ["gopher://127.0.0.1:6379/_INFO", "bad_scheme"],
    ["javascript:alert(1)", "bad_scheme"],
    ["data:text/html,<h1>hi</h1>", "bad_scheme"],
    ["ws://example.com/socket", "bad_scheme"],
    ["http://user:pass@example.com/", "bad_url"],
    ["https://admin@example.com/", "bad_url"],
    ["http://:secret@example.com/", "bad_url"],
    ["not a url", "bad_url"],
    ["http://", "bad_url"],
  ])("refuses %s (%s)", (raw, expected) => {
    expect(verdict(raw)).toBe(expected);
  });

  it.each([
    ["http://8.8.8.8/", "public"],
    ["https://1.1.1.1/dns-query", "public"],
    ["http://114.114.114.114:8080/", "public"],
    ["https://[2606:4700:4700::1111]/", "public"],
    ["https://www.example.com/a?b=1#c", "name"],
    ["  HTTPS://News.Example.cn/2024/01/  ", "name"],
  ])("allows %s (%s)", (raw, expected) => {
    expect(verdict(raw)).toBe(expected);
  });

  it("normalises numeric IPv4 hosts to dotted form", () => {
    for (const raw of ["http://2130706433/", "http://0x7f000001/", "http://0177.0.0.1/", "http://127.1/"]) {
      const checked = checkUrl(raw);
      expect(checked.ok && hostAddress(checked.url)).toBe("127.0.0.1");
    }
  });

  it("gives Chinese reasons", () => {
    expect(checkUrl("ftp://example.com/")).toEqual({ ok: false, reason: "只支持 http 和 https 链接", code: "bad_scheme" });
    expect(checkUrl("http://a:b@example.com/")).toEqual({ ok: false, reason: "链接中不能包含用户名或密码", code: "bad_url" });
  });
});

describe("isMetadataAddress: refused whatever a flag allows", () => {
  it.each([
    "169.254.169.254", "169.254.0.23", "169.254.0.1", "100.100.100.200", "192.0.0.192", "168.63.129.16",
    "fe80::1", "fe80::a9fe:a9fe", "febf::1", "fd00:ec2::254", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe",
    "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::1", "::169.254.169.254",
  ])("%s is link-local or metadata", (ip) => {
    expect(isMetadataAddress(ip)).toBe(true);
  });

  it.each(["127.0.0.1", "10.0.0.8", "100.100.100.201", "8.8.8.8", "fd00::5", "fd00:ec2::253", "fec0::1", "::1", "2606:4700:4700::1111", "metadata"])("%s is not", (ip) => {
    expect(isMetadataAddress(ip)).toBe(false);
  });
});
