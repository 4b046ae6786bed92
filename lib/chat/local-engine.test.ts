import { describe, expect, it } from "vitest";
import { keySentences, localAnswer } from "./local-engine";
import type { Source } from "./retrieval";

const source = (text: string): Source => ({ n: 1, id: 7, title: "绿萝养护", url: "/articles/7", platform: "小红书", author: "阿青", summary: null, text });

describe("the local engine's answer", () => {
  it("quotes the sentences about the question's topic, not those that share its question words", () => {
    const text = "很多人问我为什么会这样，怎么办才好。绿萝叶子发黄多半是浇水太勤，根泡烂了。换个透气的盆，等土干了再浇。为什么我要写这篇？因为怎么办这个问题问的人太多了。";
    const answer = localAnswer({ question: "绿萝叶子发黄了怎么办，为什么会这样", sources: [source(text)], popular: [] });
    expect(answer).toContain("绿萝叶子发黄多半是浇水太勤");
    expect(answer).not.toContain("很多人问我为什么会这样");
  });

  it("falls back to the first sentence when none holds a topic word", () => {
    expect(keySentences("第一句话在这里。第二句话也在。", ["不存在"])).toEqual(["第一句话在这里。"]);
  });
});
