// Raw (unescaped, non-CDATA) HTML inside feed elements, as Reddit and others serve it: taken as HTML, not
// as text, so its links and images survive sanitation and conversion like any other body.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFeed } from "./feed-parse";
import { htmlToMarkdown } from "./html-markdown";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseFeed: raw HTML in RSS description and content:encoded", () => {
  const feed = parseFeed(fixture("reddit-raw-html.xml"), "https://www.reddit.com/r/ChineseLanguage/.rss");
  const [post, rich, escaped] = feed.items;
  const POST = "https://www.reddit.com/r/ChineseLanguage/comments/1b2c3d/i_handcopied_every_day/";

  it("keeps a Reddit description's thumbnail, author link, [link] and [comments] links", () => {
    expect(post.html).toContain(`<a href="${POST}"> <img src="https://b.thumbs.redditmedia.example/jingyesi-last-page.jpg"`);
    const md = htmlToMarkdown(post.html!, post.url!);
    expect(md.markdown).toBe(
      [
        `[![I hand-copied 《静夜思》 every day for a year](https://b.thumbs.redditmedia.example/jingyesi-last-page.jpg)](${POST})`,
        "",
        "submitted by [/u/moonlit\\_desk](https://www.reddit.com/user/moonlit_desk)\\",
        `[\\[link\\]](https://i.redd.example/jingyesi-365.jpeg) [\\[959 comments\\]](${POST})`,
      ].join("\n"),
    );
    expect(md.cover).toBe("https://b.thumbs.redditmedia.example/jingyesi-last-page.jpg"); // the item's cover when it has no other
  });

  it("reads raw content:encoded with an unclosed <br>, an <img> and an HTML entity, sanitized, links made absolute", () => {
    expect(rich.summary).toBe("A one-page summary.");
    const md = htmlToMarkdown(rich.html!, rich.url!);
    expect(md.markdown).toBe(
      [
        "Third tone before third tone becomes **second** tone: 你好 is said *ní hǎo*.\\",
        "See the [wiki](https://www.reddit.com/r/ChineseLanguage/wiki/tones)\u00a0for more & examples.",
        "",
        "![sandhi chart](https://i.redd.example/sandhi.png)",
      ].join("\n"),
    );
    expect(rich.html).not.toContain("&amp;nbsp;");
  });

  it("still reads an escaped description as HTML", () => {
    expect(escaped.html).toBe('<p>Text with a <a href="https://example.com/a">link</a> &amp; an ampersand.</p>');
  });
});

describe("parseFeed: raw HTML in Atom content and summary", () => {
  const [entry] = parseFeed(fixture("atom-raw-html.xml"), "https://handmade.example.cn/atom.xml").items;

  it("takes the raw markup of type=html content as HTML and the raw summary's text as summary", () => {
    expect(entry.html).toBe(
      '<p>先用 <a href="https://handmade.example.cn/tools/sandpaper">400 目砂纸</a>打磨，<img src="https://handmade.example.cn/img/spoon.jpg" alt="木勺"></p><p>再薄涂一层核桃油，静置一夜。</p>',
    );
    expect(entry.summary).toBe("先打磨，再上油，最后静置。");
    expect(htmlToMarkdown(entry.html!, entry.url!).cover).toBe("https://handmade.example.cn/img/spoon.jpg");
  });
});
