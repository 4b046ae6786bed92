import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { encodeGbk } from "@/test/gbk";
import { decodeBody, detectEncoding, readsAsChinese } from "./decode";

const gbkFeed = readFileSync(new URL("../ingest/fixtures/gbk-undeclared.xml", import.meta.url), "utf8");
const latin = "<?xml version=\"1.0\"?><rss><channel><title>Ação e coração: notícias</title><item><title>Café à noite, São Paulo</title></item></channel></rss>";

describe("detectEncoding", () => {
  it("reads an undeclared GBK feed (no BOM, no declaration, no HTTP charset) as Chinese", () => {
    const bytes = encodeGbk(gbkFeed);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow(); // the fixture really is not UTF-8
    expect(gbkFeed).not.toMatch(/encoding=|charset=/);
    expect(detectEncoding(bytes, "application/rss+xml")).toEqual({ encoding: "gb18030", source: "gb18030" });
    expect(decodeBody(bytes, "text/xml")).toBe(gbkFeed);
  });

  it("reads undeclared Latin-1 bytes as windows-1252, never as Chinese or with U+FFFD", () => {
    const bytes = Buffer.from(latin, "latin1");
    expect(detectEncoding(bytes)).toEqual({ encoding: "windows-1252", source: "windows-1252" });
    expect(decodeBody(bytes)).toBe(latin);
    // A word whose accented letters pair up into valid GB18030 codes is still not Chinese.
    expect(detectEncoding(Buffer.from("<p>Ação</p>", "latin1")).source).toBe("windows-1252");
    expect(decodeBody(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x99]))).toBe("Café €™");
  });

  it("takes valid UTF-8 as UTF-8", () => {
    expect(detectEncoding(Buffer.from("<rss><title>城市频道 · Café</title></rss>"))).toEqual({ encoding: "utf-8", source: "utf-8" });
  });

  it("lets the document decide first: BOM, XML declaration, HTTP charset, meta charset", () => {
    const gb = encodeGbk("<?xml version=\"1.0\" encoding=\"gb2312\"?><rss><title>晚报</title></rss>");
    expect(detectEncoding(gb, "text/xml; charset=utf-8")).toEqual({ encoding: "gbk", source: "xml" });
    expect(decodeBody(gb, "text/xml; charset=utf-8")).toContain("<title>晚报</title>");
    expect(detectEncoding(encodeGbk("<rss><title>晚报</title></rss>"), "text/xml; charset=GBK")).toEqual({ encoding: "gbk", source: "http" });
    const page = encodeGbk('<html><head><meta charset="gbk"><title>晚报</title></head></html>');
    expect(detectEncoding(page, "text/html")).toEqual({ encoding: "gbk", source: "meta" });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<?xml version=\"1.0\" encoding=\"gbk\"?><a>晚报</a>")]);
    expect(detectEncoding(bom, "text/xml; charset=gbk").source).toBe("bom");
    expect(decodeBody(bom)).toBe("<?xml version=\"1.0\" encoding=\"gbk\"?><a>晚报</a>");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<a>晚报</a>", "utf16le")]);
    expect(decodeBody(utf16)).toBe("<a>晚报</a>");
  });

  it("ignores unknown labels and a UTF-16 declaration on ASCII-compatible bytes, and sniffs instead", () => {
    const gb = encodeGbk("<?xml version=\"1.0\" encoding=\"x-no-such-charset\"?><rss><title>城市频道新闻</title></rss>");
    expect(detectEncoding(gb, "text/xml; charset=bogus").source).toBe("gb18030");
    expect(detectEncoding(Buffer.from("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a>晚报</a>")).source).toBe("utf-8");
  });
});

describe("readsAsChinese", () => {
  it.each([
    ["江南晚报·城市频道：“走在上面，又像回到了小时候。”", true],
    ["iPhone 15 发布会（2024）", true],
    ["A莽o e cora莽茫o", false], // Latin-1 read as GB18030
    ["plain ASCII", false],
    ["中文\ue5e5\ue5e6\ue5e7", false], // private-use characters are what unmapped bytes become
  ])("%s → %s", (text, expected) => {
    expect(readsAsChinese(text)).toBe(expected);
  });
});
