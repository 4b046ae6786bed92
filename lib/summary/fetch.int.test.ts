import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { NEWS_HTML, NEWS_TITLE, startFixtureServer, type FixtureServer } from "@/test/fixture-server";
import { guardEgress, type Egress } from "@/test/no-egress";
import { FetchRefused, safeFetch, type SafeFetchOptions } from "./fetch";

let fixture: FixtureServer;

beforeAll(async () => {
  fixture = await startFixtureServer();
});
afterAll(async () => {
  await fixture.close();
  delete process.env.ALLOW_PRIVATE_URLS;
  resetConfig();
});

/** The FetchRefused a fetch ends with (fails the test when it succeeds or throws something else). */
async function refusal(url: string, opts?: SafeFetchOptions): Promise<FetchRefused> {
  const err = await safeFetch(url, opts).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefused);
  return err as FetchRefused;
}

const FIXTURE_PATHS = [
  "/news", "/blog", "/comments", "/video", "/video.vtt", "/podcast.xml", "/episode.mp3", "/missing",
  "/redirect/3", "/redirect/loop", "/huge", "/binary", "/slow", "/gzip", "/to-private?target=/news",
];

describe("with private URLs not allowed (the default)", () => {
  beforeAll(() => {
    delete process.env.ALLOW_PRIVATE_URLS;
    resetConfig();
  });

  it.each(FIXTURE_PATHS)("refuses %s on 127.0.0.1 before connecting", async (path) => {
    const err = await refusal(fixture.url + path);
    expect(err.code).toBe("private_address");
    expect(err.message).toBe("出于安全考虑，不能访问内网或本机地址（127.0.0.1）");
  });

  it.each([
    ["localhost", () => "http://localhost/news"], // on another port a name is refused before its lookup (bad_port)
    ["[::1]", (port: number) => `http://[::1]:${port}/news`],
    ["decimal 2130706433", (port: number) => `http://2130706433:${port}/news`],
    ["hex 0x7f000001", (port: number) => `http://0x7f000001:${port}/news`],
    ["short 127.1", (port: number) => `http://127.1:${port}/news`],
    ["IPv4-mapped [::ffff:127.0.0.1]", (port: number) => `http://[::ffff:127.0.0.1]:${port}/news`],
  ])("refuses %s", async (_name, build) => {
    expect((await refusal(build(fixture.port))).code).toBe("private_address");
  });

  it.each([
    ["metadata.google.internal", ["169.254.169.254"]],
    ["intranet.example.com", ["10.0.0.8"]],
    ["rebind.example.com", ["93.184.215.14", "127.0.0.1"]],
    ["v6.example.com", ["2606:4700:4700::1111", "fd00::5"]],
    ["nat64.example.com", ["64:ff9b::a9fe:a9fe"]],
  ])("refuses %s when any resolved address is private", async (host, addresses) => {
    const lookup = async () => addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
    const err = await refusal(`http://${host}/`, { lookup });
    expect(err.code).toBe("private_address");
  });

  it("refuses a name that does not resolve", async () => {
    const lookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const err = await refusal("http://no-such-host.invalid/", { lookup });
    expect(err).toMatchObject({ code: "dns_failed", message: "无法访问 no-such-host.invalid：域名无法解析，或指向内网、本机地址" });
  });

  it("says the same of a name that resolves to a private address, and never names the address (issue 42, row 7)", async () => {
    const lookup = async () => [{ address: "10.20.30.40", family: 4 as const }];
    const err = await refusal("http://postgres/", { lookup });
    expect(err).toMatchObject({ code: "private_address", message: "无法访问 postgres：域名无法解析，或指向内网、本机地址" });
    expect(err.message).not.toContain("10.20.30.40");
  });

  it("refuses bad schemes and credentials without connecting", async () => {
    expect((await refusal("file:///etc/passwd")).code).toBe("bad_scheme");
    expect((await refusal(`gopher://127.0.0.1:${fixture.port}/_x`)).code).toBe("bad_scheme");
    expect((await refusal(`http://user:pw@127.0.0.1:${fixture.port}/news`)).code).toBe("bad_url");
  });

  it("never reached the fixture server", () => {
    expect(fixture.requests).toEqual([]);
    expect(fixture.connections()).toBe(0);
  });

  describe("a redirect from an allowed hop to a private address", () => {
    // Only the literal 127.0.0.1 of the first hop counts as allowed, standing in for a public site; its port too.
    const ports = () => new Set([80, 443, fixture.port]);
    const firstHopOnly: SafeFetchOptions["allowPrivate"] = (_ip, host, hop) => host === "127.0.0.1" && hop === 0;
    const onlyLiteral: SafeFetchOptions["allowPrivate"] = (_ip, host) => host === "127.0.0.1";

    it.each([
      ["[::1]", (port: number) => `http://[::1]:${port}/news`, onlyLiteral],
      ["localhost", (port: number) => `http://localhost:${port}/news`, onlyLiteral],
      ["the same address again", (port: number) => `http://127.0.0.1:${port}/news`, firstHopOnly],
      ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/", onlyLiteral],
    ])("refuses the hop to %s", async (_name, target, allowPrivate) => {
      const before = fixture.requests.length;
      const hop = `${fixture.url}/to-private?target=${encodeURIComponent(target(fixture.port))}`;
      const err = await refusal(hop, { allowPrivate, ports: ports() });
      expect(err.code).toBe("private_address");
      expect(fixture.requests.slice(before).map((r) => r.path)).toEqual([`/to-private?target=${encodeURIComponent(target(fixture.port))}`]);
    });

    it("refuses the hop to a non-http scheme", async () => {
      const err = await refusal(`${fixture.url}/to-private?target=${encodeURIComponent("file:///etc/passwd")}`, { allowPrivate: onlyLiteral, ports: ports() });
      expect(err.code).toBe("bad_scheme");
    });
  });
});

describe("with private URLs allowed (ALLOW_PRIVATE_URLS=1)", () => {
  beforeAll(() => {
    process.env.ALLOW_PRIVATE_URLS = "1";
    resetConfig();
  });
  afterEach(() => {
    expect(fixture.connections()).toBeGreaterThan(0);
  });

  it("fetches /news as HTML with browser-like headers", async () => {
    const before = fixture.requests.length;
    const res = await safeFetch(`${fixture.url}/news`);
    expect(res).toMatchObject({ url: `${fixture.url}/news`, status: 200, contentType: "text/html; charset=utf-8" });
    expect(res.body.toString("utf8")).toBe(NEWS_HTML);
    expect(res.body.toString("utf8")).toContain(NEWS_TITLE);
    expect(fixture.requests.length).toBe(before + 1);
  });

  it("connects to the checked address and keeps the name in the Host header", async () => {
    const calls: string[] = [];
    const lookup = async (host: string) => {
      calls.push(host);
      return [{ address: "127.0.0.1", family: 4 as const }];
    };
    // fixture.test does not resolve anywhere but through our lookup: the HTTP client never asks DNS again.
    const res = await safeFetch(`http://fixture.test:${fixture.port}/redirect/1`, { lookup });
    expect(res.url).toBe(`http://fixture.test:${fixture.port}/news`);
    expect(calls).toEqual(["fixture.test", "fixture.test"]);
    expect(fixture.requests.at(-1)).toEqual({ path: "/news", host: `fixture.test:${fixture.port}` });
  });

  it("follows a redirect chain to /news", async () => {
    const res = await safeFetch(`${fixture.url}/redirect/3`);
    expect(res.url).toBe(`${fixture.url}/news`);
    expect(res.status).toBe(200);
    expect(res.body.toString("utf8")).toContain(NEWS_TITLE);
  });

  it("gives up on a redirect loop", async () => {
    const before = fixture.requests.length;
    const err = await refusal(`${fixture.url}/redirect/loop`);
    expect(err).toMatchObject({ code: "too_many_redirects", message: "跳转次数过多（超过 5 次）" });
    expect(fixture.requests.length - before).toBe(6);
  });

  it("refuses a missing page with its status", async () => {
    const err = await refusal(`${fixture.url}/missing`);
    expect(err).toMatchObject({ code: "bad_status", message: "目标网页返回 404" });
  });

  it("stops reading a huge body at the size limit", async () => {
    const started = Date.now();
    const err = await refusal(`${fixture.url}/huge`);
    expect(err).toMatchObject({ code: "too_large", message: "内容过大（超过 20 MB）" });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("refuses a declared Content-Length over a small limit", async () => {
    expect((await refusal(`${fixture.url}/news`, { maxBytes: 1000 })).code).toBe("too_large");
  });

  it("refuses a binary content type", async () => {
    const err = await refusal(`${fixture.url}/binary`);
    expect(err).toMatchObject({ code: "bad_content_type", message: "不支持的内容类型（application/octet-stream）" });
  });

  it("honours a narrower accept list", async () => {
    expect((await refusal(`${fixture.url}/news`, { accept: ["audio/"] })).code).toBe("bad_content_type");
    const mp3 = await safeFetch(`${fixture.url}/episode.mp3`, { accept: ["audio/"] });
    expect(mp3.body.subarray(0, 3).toString("latin1")).toBe("ID3");
  });

  it("times out a slow page", async () => {
    const started = Date.now();
    const err = await refusal(`${fixture.url}/slow`, { timeoutMs: 500 });
    expect(err.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("decodes a gzip response", async () => {
    const res = await safeFetch(`${fixture.url}/gzip`);
    expect(res.body.toString("utf8")).toBe(NEWS_HTML);
  });

  it.each([
    ["/video.vtt", "text/vtt", "WEBVTT"],
    ["/podcast.xml", "application/rss+xml", "episode.mp3"],
    ["/blog", "text/html", "<pre><code"],
    ["/comments", "text/html", "读者评论"],
    ["/video", "text/html", 'kind="subtitles"'],
  ])("fetches %s", async (path, type, marker) => {
    const res = await safeFetch(fixture.url + path);
    expect(res.contentType.startsWith(type)).toBe(true);
    expect(res.body.toString("utf8")).toContain(marker);
  });

  it("still refuses bad schemes", async () => {
    expect((await refusal("ftp://127.0.0.1/")).code).toBe("bad_scheme");
  });
});

// Production rules (ALLOW_PRIVATE_URLS unset) unless a case says otherwise; the guard refuses and records any
// connection off loopback and answers every DNS lookup itself, so nothing here leaves the machine.
describe("ports: 80, 443 and SUMMARY_FETCH_PORTS only", () => {
  let egress: Egress;
  beforeEach(() => {
    delete process.env.ALLOW_PRIVATE_URLS;
    delete process.env.SUMMARY_FETCH_PORTS;
    resetConfig();
    egress = guardEgress();
  });
  afterEach(() => {
    egress.restore();
    delete process.env.ALLOW_PRIVATE_URLS;
    delete process.env.SUMMARY_FETCH_PORTS;
    resetConfig();
  });

  it.each([
    ["a public host's Redis", "http://cache.example.com:6379/", 6379],
    ["a public address's SSH", "http://93.184.215.14:22/", 22],
    ["https on 8443", "https://example.com:8443/", 8443],
  ])("refuses %s before any DNS lookup or connection", async (_name, url, port) => {
    const err = await refusal(url);
    expect(err).toMatchObject({ code: "bad_port", message: `出于安全考虑，只能访问 80、443 端口的网址（这个链接的端口是 ${port}）` });
    expect(egress.lookups).toEqual([]);
    expect(egress.attempts).toEqual([]);
  });

  it("refuses a redirect to another port of a public host", async () => {
    const before = fixture.requests.length;
    const to = "http://cache.example.com:6379/";
    const err = await refusal(`${fixture.url}/to-private?target=${encodeURIComponent(to)}`, { allowPrivate: (_ip, _host, hop) => hop === 0, ports: new Set([80, 443, fixture.port]) });
    expect(err.code).toBe("bad_port");
    expect(fixture.requests.length).toBe(before + 1);
    expect(egress.lookups).toEqual([]);
    expect(egress.attempts).toEqual([]);
  });

  it("lets the operator's SUMMARY_FETCH_PORTS through (then the address is judged as always)", async () => {
    process.env.SUMMARY_FETCH_PORTS = "8080, 8443";
    resetConfig();
    const private8080 = guardEgress(() => "10.0.0.8");
    try {
      expect((await refusal("http://intranet.example.com:8080/")).code).toBe("private_address");
      expect(private8080.lookups).toEqual(["intranet.example.com"]);
      expect((await refusal("http://intranet.example.com:6379/")).message).toBe("出于安全考虑，只能访问 80、443、8080、8443 端口的网址（这个链接的端口是 6379）");
    } finally {
      private8080.restore();
    }
  });

  it("with ALLOW_PRIVATE_URLS (tests) still refuses a public host's other port, and never connects", async () => {
    process.env.ALLOW_PRIVATE_URLS = "1";
    resetConfig();
    expect((await refusal("http://cache.example.com:6379/")).code).toBe("bad_port");
    expect(egress.attempts).toEqual([]);
  });
});

describe("link-local and cloud metadata addresses: never, whatever is allowed", () => {
  let egress: Egress;
  beforeEach(() => {
    process.env.ALLOW_PRIVATE_URLS = "1";
    resetConfig();
    egress = guardEgress();
  });
  afterEach(() => {
    egress.restore();
    delete process.env.ALLOW_PRIVATE_URLS;
    resetConfig();
  });

  it.each([
    ["169.254.169.254", "http://169.254.169.254/latest/meta-data/"],
    ["Tencent Cloud 169.254.0.23", "http://169.254.0.23/"],
    ["Alibaba Cloud 100.100.100.200", "http://100.100.100.200/latest/meta-data/"],
    ["AWS IPv6 fd00:ec2::254", "http://[fd00:ec2::254]/latest/meta-data/"],
    ["IPv6 link-local", "http://[fe80::a9fe:a9fe]/"],
    ["IPv4-mapped metadata", "http://[::ffff:169.254.169.254]/"],
  ])("refuses %s even with ALLOW_PRIVATE_URLS and allowPrivate", async (_name, url) => {
    const err = await refusal(url, { allowPrivate: true });
    expect(err.code).toBe("private_address");
    expect(err.message).toMatch(/^出于安全考虑，不能访问内网或本机地址（/);
    expect(egress.attempts).toEqual([]);
  });

  it("refuses a name that resolves to the metadata address", async () => {
    const metadata = guardEgress(() => "169.254.169.254");
    try {
      expect((await refusal("http://metadata.google.internal/computeMetadata/v1/", { allowPrivate: true })).code).toBe("private_address");
      expect(metadata.attempts).toEqual([]);
    } finally {
      metadata.restore();
    }
  });
});
