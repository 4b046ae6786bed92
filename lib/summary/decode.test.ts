import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { charsetBytes, charsetSource } from "@/test/charsets";
import { encodeGbk } from "@/test/gbk";
import { DETECT_SAMPLE_BYTES, decodeBody, decoderFor, detectEncoding, detectorSample, readsAsScriptOf } from "./decode";

const gbkFeed = readFileSync(new URL("../ingest/fixtures/gbk-undeclared.xml", import.meta.url), "utf8");
const latin = "<?xml version=\"1.0\"?><rss><channel><title>Ação e coração: notícias</title><item><title>Café à noite, São Paulo</title></item></channel></rss>";
const bytes = (...values: number[]) => Buffer.from(values);

describe("detectEncoding", () => {
  it("reads an undeclared GBK feed (no BOM, no declaration, no HTTP charset) as Chinese", () => {
    const gbk = encodeGbk(gbkFeed);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(gbk)).toThrow(); // the fixture really is not UTF-8
    expect(gbkFeed).not.toMatch(/encoding=|charset=/);
    expect(detectEncoding(gbk, "application/rss+xml")).toEqual({ encoding: "gb18030", source: "detector" });
    expect(decodeBody(gbk, "text/xml")).toBe(gbkFeed);
  });

  it("reads undeclared Latin-1 bytes as windows-1252, never as Chinese or with U+FFFD", () => {
    const latin1 = Buffer.from(latin, "latin1");
    expect(detectEncoding(latin1)).toEqual({ encoding: "windows-1252", source: "detector" });
    expect(decodeBody(latin1)).toBe(latin);
    // A word whose accented letters pair up into valid GB18030 codes is still not Chinese.
    expect(detectEncoding(Buffer.from("<p>Ação</p>", "latin1")).encoding).toBe("windows-1252");
    expect(decodeBody(bytes(0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x99))).toBe("Café €™");
  });

  it("takes valid UTF-8 as UTF-8, and UTF-8 with one broken byte in a long text too", () => {
    expect(detectEncoding(Buffer.from("<rss><title>城市频道 · Café</title></rss>"))).toEqual({ encoding: "utf-8", source: "utf-8" });
    const text = "老城区改造：三条百年街巷恢复青石板路面。".repeat(20);
    const broken = Buffer.concat([Buffer.from(text), bytes(0xff), Buffer.from(text)]);
    expect(detectEncoding(broken)).toEqual({ encoding: "utf-8", source: "utf-8" });
    expect(decodeBody(broken)).toBe(`${text}\ufffd${text}`);
  });

  it("lets the document decide first: BOM, XML declaration, HTTP charset, meta charset", () => {
    const gb = encodeGbk("<?xml version=\"1.0\" encoding=\"gb2312\"?><rss><title>晚报</title></rss>");
    expect(detectEncoding(gb, "text/xml; charset=utf-8")).toEqual({ encoding: "gb18030", source: "xml" });
    expect(decodeBody(gb, "text/xml; charset=utf-8")).toContain("<title>晚报</title>");
    expect(detectEncoding(encodeGbk("<rss><title>晚报</title></rss>"), "text/xml; charset=GBK")).toEqual({ encoding: "gb18030", source: "http" });
    const page = encodeGbk('<html><head><meta charset="gbk"><title>晚报</title></head></html>');
    expect(detectEncoding(page, "text/html")).toEqual({ encoding: "gb18030", source: "meta" });
    const bom = Buffer.concat([bytes(0xef, 0xbb, 0xbf), Buffer.from("<?xml version=\"1.0\" encoding=\"gbk\"?><a>晚报</a>")]);
    expect(detectEncoding(bom, "text/xml; charset=gbk").source).toBe("bom");
    expect(decodeBody(bom)).toBe("<?xml version=\"1.0\" encoding=\"gbk\"?><a>晚报</a>");
    const utf16 = Buffer.concat([bytes(0xff, 0xfe), Buffer.from("<a>晚报</a>", "utf16le")]);
    expect(decodeBody(utf16)).toBe("<a>晚报</a>");
  });

  it("keeps a declared charset over the guess, even a wrong one", () => {
    const big5 = charsetBytes("big5-page.html");
    expect(detectEncoding(big5, "text/html")).toEqual({ encoding: "big5", source: "detector" });
    expect(detectEncoding(big5, "text/html; charset=windows-1252")).toEqual({ encoding: "windows-1252", source: "http" });
    const declared = Buffer.concat([Buffer.from('<meta charset="euc-kr">'), big5]);
    expect(detectEncoding(declared, "text/html").source).toBe("meta");
  });

  it("reads a declared GBK or GB2312 as GB18030, their superset", () => {
    // 刘䶮 in GB18030 (iconv -t GB18030): 䶮 is FE 9F, which Node's GBK decoder turns into a private-use character.
    const liuYan = encodeGbk("<p>南汉由刘");
    const body = Buffer.concat([liuYan, bytes(0xfe, 0x9f), Buffer.from("</p>")]);
    expect(decodeBody(body, "text/html; charset=gbk")).toBe("<p>南汉由刘䶮</p>");
    expect(decodeBody(body, "text/html; charset=gb2312")).toBe("<p>南汉由刘䶮</p>");
    expect(decoderFor("GBK")).toBe("gb18030");
    expect(decoderFor("x-gbk")).toBe("gb18030");
    expect(decoderFor("iso-8859-1")).toBe("windows-1252");
    expect(decoderFor("ISO-2022-KR")).toBeNull(); // Node cannot decode it: as good as undeclared
  });

  it("ignores unknown labels and a UTF-16 declaration on ASCII-compatible bytes, and guesses instead", () => {
    const gb = encodeGbk("<?xml version=\"1.0\" encoding=\"x-no-such-charset\"?><rss><title>城市频道新闻</title></rss>");
    expect(detectEncoding(gb, "text/xml; charset=bogus").encoding).toBe("gb18030");
    expect(detectEncoding(Buffer.from("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a>晚报</a>")).source).toBe("utf-8");
  });
});

describe("the guess on little text", () => {
  // Bytes made with iconv: `printf '台灣新聞' | iconv -t BIG5 | od -An -tx1`, and so on.
  it.each([
    ["Big5 繁體中文", bytes(0xc1, 0x63, 0xc5, 0xe9, 0xa4, 0xa4, 0xa4, 0xe5), "big5", "繁體中文"],
    ["Big5 <title>台灣新聞</title>", Buffer.concat([Buffer.from("<title>"), bytes(0xa5, 0x78, 0xc6, 0x57, 0xb7, 0x73, 0xbb, 0x44), Buffer.from("</title>")]), "big5", "<title>台灣新聞</title>"],
    ["Shift_JIS 日本語のニュース", bytes(0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x6a, 0x83, 0x85, 0x81, 0x5b, 0x83, 0x58), "shift_jis", "日本語のニュース"],
    ["GBK 晚报", encodeGbk("<a>晚报</a>"), "gb18030", "<a>晚报</a>"],
    ["Latin-1 Ação", Buffer.from("<p>Ação</p>", "latin1"), "windows-1252", "<p>Ação</p>"],
    ["windows-1252 « Où ? » — 3,50 €", bytes(0xab, 0x20, 0x4f, 0xf9, 0x20, 0x3f, 0x20, 0xbb, 0x20, 0x97, 0x20, 0x33, 0x2c, 0x35, 0x30, 0x20, 0x80), "windows-1252", "« Où ? » — 3,50 €"],
  ])("%s", (_label, body, encoding, text) => {
    expect(detectEncoding(body).encoding).toBe(encoding);
    expect(decodeBody(body)).toBe(text);
  });

  it("counts as soon as a title has a dozen characters: a Korean headline is Korean", () => {
    // Four Hangul syllables alone read as GB2312 too (the limit of any guess); a headline is enough.
    const source = charsetSource("euc-kr-page.html");
    const page = charsetBytes("euc-kr-page.html");
    const title = source.match(/<h1>(.*?)<\/h1>/)![1];
    const start = page.indexOf("<h1>");
    const headline = page.subarray(start, page.indexOf("</h1>", start) + 5);
    expect(detectEncoding(headline)).toEqual({ encoding: "euc-kr", source: "detector" });
    expect(decodeBody(headline)).toBe(`<h1>${title}</h1>`);
  });

  it("tolerates a broken byte in a long legacy text, and never takes mostly broken bytes", () => {
    const text = encodeGbk("<p>经过半年施工，平江路、悬桥巷和大儒巷重新铺上了青石板，沿街的老字号也陆续回归。</p>".repeat(5));
    const broken = Buffer.concat([text, bytes(0x81, 0x20), text]); // a lead byte without its trail
    expect(detectEncoding(broken).encoding).toBe("gb18030");
    expect(decodeBody(broken).match(/\ufffd/g)).toHaveLength(1);
    // Random high bytes are no encoding's text: the last resort maps each byte, nothing becomes U+FFFD.
    const noise = Buffer.from(Array.from({ length: 200 }, (_, i) => (i % 2 ? 0x80 + ((i * 37) % 0x7f) : 0x20)));
    expect(decodeBody(noise)).not.toContain("\ufffd");
  });
});

describe("detectorSample", () => {
  it("shows the detector all of a short body, and 64 KB from just before the text of a long one", () => {
    const short = charsetBytes("big5-page.html");
    expect(detectorSample(short)).toBe(short);
    // A page whose first 100 KB are an inline script: the detector still sees its Big5 text.
    const script = Buffer.from(`<html><head><script>${"var a = 1;\n".repeat(10_000)}</script></head>`);
    const body = Buffer.concat([script, short]);
    const sample = detectorSample(body);
    expect(sample.length).toBe(DETECT_SAMPLE_BYTES);
    expect(Buffer.from(sample).indexOf(short)).toBeGreaterThan(0);
    expect(detectEncoding(body)).toEqual({ encoding: "big5", source: "detector" });
    expect(decodeBody(body)).toBe(`${script.toString("latin1")}${charsetSource("big5-page.html")}`);
  });
});

describe("readsAsScriptOf", () => {
  it.each([
    ["江南晚报·城市频道：“走在上面，又像回到了小时候。”", "gb18030", true],
    ["iPhone 15 发布会（2024）", "gb18030", true],
    ["京都の町家を再生する若い職人たち", "shift_jis", true],
    ["서울의 작은 도서관", "euc-kr", true],
    ["서울의 작은 도서관", "gb18030", false], // Hangul is not Chinese
    ["A莽o e cora莽茫o", "gb18030", false], // Latin-1 read as GB18030
    ["ｱﾝﾃﾅ ﾏﾙﾁ", "shift_jis", false], // Latin-1 read as Shift_JIS gives half-width katakana
    ["plain ASCII", "gb18030", false],
    ["中文\ue5e5\ue5e6\ue5e7", "gb18030", false], // private-use characters are what unmapped bytes become
    ["中文", "windows-1252", false],
  ])("%s as %s → %s", (text, encoding, expected) => {
    expect(readsAsScriptOf(text, encoding)).toBe(expected);
  });
});
