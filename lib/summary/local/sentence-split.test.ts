import { describe, expect, it } from "vitest";
import { atomicSpans, isBoilerplate, readerText, splitSentences } from "./sentence-split";

describe("splitSentences", () => {
  it.each([
    [
      "a link whose URL holds ? and .html",
      "Convoys reached northern [Sudan](http://topics.example.com/top/sudan/index.html?inline=nyt-geo). Officials said talks would go on.",
      ["Convoys reached northern [Sudan](http://topics.example.com/top/sudan/index.html?inline=nyt-geo).", "Officials said talks would go on."],
    ],
    [
      "an image and a link with a title",
      '![A map](https://example.com/map.png?w=800&h=600) shows the route! See [the report](https://example.com/r.pdf "Report. Final?") for more.',
      ['![A map](https://example.com/map.png?w=800&h=600) shows the route!', 'See [the report](https://example.com/r.pdf "Report. Final?") for more.'],
    ],
    [
      "a bare URL, its sentence's own full stop left outside",
      "The data is at https://data.example.net/cases.csv?year=2026. It shows 412 cases.",
      ["The data is at https://data.example.net/cases.csv?year=2026.", "It shows 412 cases."],
    ],
    ["an autolink", "Read it at <https://example.com/a?b=c!d>. Then decide.", ["Read it at <https://example.com/a?b=c!d>.", "Then decide."]],
    ["inline code", "Run `npm ci. && echo ok?` first. Then start.", ["Run `npm ci. && echo ok?` first.", "Then start."]],
    ["an e-mail address", "Write to press.office@example.co.uk. We answer daily.", ["Write to press.office@example.co.uk.", "We answer daily."]],
    ["decimals and versions", "It carried 3.5 million rations on v1.2.0 software. Good.", ["It carried 3.5 million rations on v1.2.0 software.", "Good."]],
    ["U.S., e.g. and i.e.", "Officials from the U.S. and Saudi Arabia met, e.g. in Jeddah, i.e. on neutral ground. Talks resume.", ["Officials from the U.S. and Saudi Arabia met, e.g. in Jeddah, i.e. on neutral ground.", "Talks resume."]],
    ["titles, initials and months", "Mr. Hale met Dr. Idris and J. R. Whitfield on Dec. 5 in Atbara. They agreed.", ["Mr. Hale met Dr. Idris and J. R. Whitfield on Dec. 5 in Atbara.", "They agreed."]],
    ["a full stop before a lower-case word", "It costs approx. five dollars. Cheap.", ["It costs approx. five dollars.", "Cheap."]],
    ["quotes after the end", '"We have seen cholera rise," she said. "It is grim." Then she left.', ['"We have seen cholera rise," she said.', '"It is grim."', "Then she left."]],
    ["ASCII ? and ! inside words stay", "Yahoo!Japan asked: why? Nobody knew!", ["Yahoo!Japan asked: why?", "Nobody knew!"]],
    ["Chinese with a link and a bare URL", "我们用 [pgloader](https://example.com/pgloader.html?from=mysql&to=pg) 导入了 1.2 亿行！脚本在 https://git.example.com/dbcheck?tab=readme 供参考。", ["我们用 [pgloader](https://example.com/pgloader.html?from=mysql&to=pg) 导入了 1.2 亿行！", "脚本在 https://git.example.com/dbcheck?tab=readme 供参考。"]],
    ["ASCII ? before Chinese", "真的吗?我不信。", ["真的吗?", "我不信。"]],
  ])("%s", (_name, line, expected) => {
    expect(splitSentences(line)).toEqual(expected);
  });

  it("leaves out link-only lines and calls to action", () => {
    expect(splitSentences("[Learn more](/a) [Learn more](/b)")).toEqual([]);
    expect(splitSentences("Learn more Learn more")).toEqual([]);
    expect(splitSentences("[Home](/) | [World](/world/) | [Business](/business/)")).toEqual([]);
    expect(splitSentences("[阅读原文](/a) [上一篇](/b) [下一篇](/c)")).toEqual([]);
    expect(splitSentences("Typing stays smooth. [Learn more](/e) [Learn more](/f)")).toEqual(["Typing stays smooth."]);
  });
});

describe("isBoilerplate", () => {
  it.each([
    ["![](https://example.com/a.png)", true],
    ["https://example.com/only-a-url", true],
    ["Start free trial | Contact sales", true],
    ["了解更多", true],
    ["Subscribe to our newsletter for weekly picks.", false],
    ["See [the report](https://example.com/r) for details.", false],
    ["更多细节见下文。", false],
  ])("%s → %s", (sentence, expected) => {
    expect(isBoilerplate(sentence)).toBe(expected);
  });
});

describe("readerText and atomicSpans", () => {
  it("renders links as their text and drops bare URLs", () => {
    expect(readerText("See [the **report**](https://a.b/c?d=e) at https://x.y/z and `code`.")).toBe("See the report at and code.");
  });

  it("keeps a bare URL's trailing punctuation outside its span", () => {
    const line = "Go to https://a.b/c?d=1!";
    expect(atomicSpans(line)).toEqual([[6, line.length - 1]]);
  });
});
