// Chat answers over the XSS matrix (test/xss.ts): the model's text is untrusted, so raw HTML never becomes
// elements, unsafe links lose their target (their text stays, as a span), mermaid blocks wait as source
// text until the browser draws them with securityLevel "strict" (checked in e2e/xss.spec.ts).
import { parseHTML } from "linkedom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ALL_PAYLOADS, MERMAID_PAYLOADS, mermaidBlock, PAYLOADS } from "@/test/xss";
import { injectedInMarkup as injected } from "@/test/xss-markup";
import { ChatMarkdown } from "./chat-markdown";

const render = (text: string, final = true) => renderToStaticMarkup(<ChatMarkdown text={text} final={final} />);

describe("chat markdown against the XSS matrix", () => {
  it.each(PAYLOADS.map((p) => [p.name, p.text]))("%s renders inert", (_name, text) => {
    expect(injected(render(text))).toEqual([]);
    expect(injected(render(`前文 ${text} 后文`, false))).toEqual([]);
  });

  it.each(MERMAID_PAYLOADS.map((p) => [p.name, mermaidBlock(p)]))("mermaid %s is only source text on the server", (_name, text) => {
    const html = render(text);
    expect(injected(html)).toEqual([]);
    expect(html).toContain('data-testid="mermaid-pending"');
  });

  it("renders every payload at once; neutralised links keep their text without a link", () => {
    const html = render(`${ALL_PAYLOADS}\n\n[站内](/articles/1) [外部](https://example.com/)`);
    expect(injected(html)).toEqual([]);
    const { document } = parseHTML(`<html><body>${html}</body></html>`);
    const hrefs = Array.from(document.querySelectorAll("a"), (a) => a.getAttribute("href"));
    expect(hrefs.filter((h) => !/^(\/(?![/\\])|#|https:\/\/)/.test(h ?? ""))).toEqual([]);
    expect(hrefs).toContain("/articles/1");
    expect(html).toContain("<span>点我</span>");
  });

  it.each([
    ["/\\evil.example/path", "backslash"],
    ["</\t/evil.example/>", "tab"],
    ["/%5Cevil.example", "encoded backslash"],
  ])("a link that only looks like a site path (%s, %s) stays on the site", (href) => {
    const { document } = parseHTML(`<html><body>${render(`[看看](${href})`)}</body></html>`);
    const a = document.querySelector("a");
    // Opened in this tab through the client router, so it must resolve to this site, never another host.
    expect(new URL(a!.getAttribute("href")!, "http://shiyue.test/").origin).toBe("http://shiyue.test");
  });
});
