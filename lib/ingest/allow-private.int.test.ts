// A feed's allow_private (issue 28, row 12): the operator's feed on the local network reaches its own
// private address on the first hop only. A redirect from it to another service on the private network or
// to the cloud metadata address is refused, and the target sees no connection; link-local and metadata
// addresses are refused even as the source itself. Production rules: ALLOW_PRIVATE_URLS is unset.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { articles, feedSources } from "@/lib/db/schema";
import { guardEgress, type Egress } from "@/test/no-egress";
import { pollDue } from "./scheduler";
import { addSource } from "./sources";

const RSS = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>内网订阅</title><item><title>第一篇</title><link>https://example.com/a/1</link><guid>a-1</guid><description>正文</description></item></channel></rss>`;

/** A loopback server that counts connections: `/rss.xml` a feed, `/go?to=…` a 302 to anywhere. */
async function startServer() {
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/go") return void res.writeHead(302, { Location: url.searchParams.get("to")! }).end();
    res.writeHead(200, { "Content-Type": "application/rss+xml; charset=utf-8" }).end(RSS);
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let feed: Awaited<ReturnType<typeof startServer>>;
let redis: Awaited<ReturnType<typeof startServer>>; // another service on the private network
let egress: Egress;

beforeAll(async () => {
  delete process.env.ALLOW_PRIVATE_URLS;
  resetConfig();
  feed = await startServer();
  redis = await startServer();
});
afterAll(async () => {
  await feed.close();
  await redis.close();
});
beforeEach(async () => {
  const db = await getDb();
  await db.delete(articles);
  await db.delete(feedSources);
  egress = guardEgress();
});
afterEach(() => egress.restore());

async function poll(url: string) {
  const db = await getDb();
  const { source } = await addSource({ db, url, allowPrivate: true });
  return (await pollDue({ db, concurrency: 1, ids: [source.id] }))[0];
}

describe("a feed with allow_private", () => {
  it("reads its own private address", async () => {
    expect(await poll(`${feed.url}/rss.xml`)).toMatchObject({ status: "updated", added: 1 });
  });

  it("is refused a redirect to another private address, which sees no connection", async () => {
    const to = `${redis.url}/rss.xml`;
    const result = await poll(`${feed.url}/go?to=${encodeURIComponent(to)}`);
    expect(result).toMatchObject({ status: "failed", error: "出于安全考虑，不能访问内网或本机地址（127.0.0.1）" });
    expect(redis.connections()).toBe(0);
  });

  it("is refused a redirect to the cloud metadata address, with no connection attempted", async () => {
    const result = await poll(`${feed.url}/go?to=${encodeURIComponent("http://169.254.169.254/latest/meta-data/iam/")}`);
    expect(result).toMatchObject({ status: "failed", error: "出于安全考虑，不能访问内网或本机地址（169.254.169.254）" });
    expect(egress.attempts).toEqual([]);
  });

  it.each([
    ["169.254.169.254", "http://169.254.169.254/latest/meta-data/"],
    ["Alibaba Cloud's 100.100.100.200", "http://100.100.100.200/latest/meta-data/"],
    ["AWS's fd00:ec2::254", "http://[fd00:ec2::254]/latest/meta-data/"],
  ])("never reaches %s, even as its own address", async (_name, url) => {
    expect(await poll(url)).toMatchObject({ status: "failed", error: expect.stringContaining("不能访问内网或本机地址") });
    expect(egress.attempts).toEqual([]);
  });
});
