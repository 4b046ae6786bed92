// The XSS matrix shared by the renderer unit tests and the browser journeys (e2e/xss.spec.ts): payloads
// that call `__xss()` (or set `window.__xssFired`) if they ever run, and one check of a DOM tree for
// anything a payload could have planted. The check is a self-contained function so Playwright can send
// it to the page (`locator.evaluate(findInjected)`) and the unit tests can run it over linkedom.

export type Payload = { name: string; text: string };

/** Raw HTML, markdown links and images, URL schemes in disguise, entities and HTML/markdown mixes. */
export const PAYLOADS: Payload[] = [
  { name: "script element", text: "<script>__xss()</script>" },
  { name: "img onerror", text: '<img src=x onerror="__xss()">' },
  { name: "markdown javascript: link", text: "[点我](javascript:__xss())" },
  { name: "html javascript: link", text: '<a href="javascript:__xss()">点我</a>' },
  { name: "markdown javascript: image", text: "![x](javascript:__xss())" },
  { name: "svg onload with script", text: '<svg onload="__xss()"><script>__xss()</script></svg>' },
  { name: "iframe javascript:", text: '<iframe src="javascript:__xss()"></iframe>' },
  { name: "mathml xlink:href", text: '<math><mi xlink:href="javascript:__xss()">x</mi></math>' },
  { name: "mixed-case scheme", text: "[x](JaVaScRiPt:__xss())" },
  { name: "entity-encoded scheme", text: "[x](&#106;avascript:__xss())" },
  { name: "data: html link", text: '<a href="data:text/html,<script>__xss()</script>">d</a>' },
  { name: "details ontoggle", text: "<details open ontoggle=__xss()>" },
  { name: "style @import", text: "<style>@import 'javascript:__xss()'</style>" },
  { name: "entity-escaped img", text: "&lt;img src=x onerror=__xss()&gt;" },
  { name: "numeric-entity script", text: "&#60;script&#62;__xss()&#60;/script&#62;" },
  { name: "entity colon", text: "[x](javascript&#58;__xss())" },
  { name: "named-entity colon", text: "[x](javascript&colon;__xss())" },
  { name: "tab inside scheme", text: '<a href="jav&#x09;ascript:__xss()">t</a>' },
  { name: "vbscript:", text: "[x](vbscript:__xss())" },
  { name: "angle-bracket destination", text: "[x](<javascript:__xss()>)" },
  { name: "autolink", text: "<javascript:__xss()>" },
  { name: "reference link", text: "[x][r]\n\n[r]: javascript:__xss()" },
  { name: "footnote link", text: "脚注[^1]\n\n[^1]: [x](javascript:__xss())" },
  { name: "data: markdown link", text: "[d](data:text/html;base64,PHNjcmlwdD5fX3hzcygpPC9zY3JpcHQ+)" },
  { name: "quote breaking out of href", text: '[x](https://example.com/"onmouseover="__xss())' },
  { name: "quote breaking out of src", text: '![x](https://example.com/x.png"onerror="__xss())' },
  { name: "html inside link text", text: "[<img src=x onerror=__xss()>](https://example.com/)" },
  { name: "html inside emphasis", text: "**<img src=x onerror=__xss()>**" },
  { name: "markdown inside html block", text: "<div>\n\n[x](javascript:__xss())\n\n</div>" },
  { name: "link in a quote", text: "> [x](javascript:__xss())" },
  { name: "html in a table", text: "| a |\n|---|\n| <img src=x onerror=__xss()> |" },
  { name: "object and embed", text: '<object data="javascript:__xss()"></object><embed src="javascript:__xss()">' },
  { name: "form action", text: '<form action="javascript:__xss()"><button>提交</button></form>' },
  { name: "meta refresh", text: '<meta http-equiv="refresh" content="0;url=javascript:__xss()">' },
  { name: "base href", text: '<base href="javascript:__xss()//">' },
  { name: "srcdoc", text: '<iframe srcdoc="<script>parent.__xss()</script>"></iframe>' },
  { name: "svg animate href", text: '<svg><a><set attributeName="href" to="javascript:__xss()"/><text y="20">x</text></a></svg>' },
  { name: "flag setter", text: "<img src=x onerror=\"window.__xssFired=1\">" },
  { name: "code span stays text", text: "`<script>__xss()</script>`" },
];

/** ```mermaid blocks: click callbacks and javascript: hrefs, a directive asking for `loose`, HTML labels. */
export const MERMAID_PAYLOADS: Payload[] = [
  { name: "click callback and href", text: 'flowchart LR\n  A-->B\n  click A callback "x"\n  click B href "javascript:__xss()"' },
  {
    name: "init loose with click call",
    text: '%%{init: {"securityLevel":"loose"}}%%\nflowchart LR\n  A-->B\n  click A __xss "x"\n  click B href "javascript:__xss()"',
  },
  {
    name: "init loose with html labels",
    text: '%%{init: {"securityLevel":"loose","flowchart":{"htmlLabels":true}}}%%\nflowchart LR\n  A["<img src=x onerror=__xss()>"]-->B["<a href=\'javascript:__xss()\'>b</a>"]\n  click A call __xss()',
  },
  {
    name: "init startOnLoad and themeCSS",
    text: '%%{init: {"startOnLoad":true,"securityLevel":"antiscript","themeCSS":"} * { background: url(javascript:__xss()) } {"}}%%\nflowchart TB\n  A["<svg onload=__xss()>"]-->B',
  },
  { name: "sequence note with html", text: "sequenceDiagram\n  A->>B: <img src=x onerror=__xss()>\n  Note right of B: <script>__xss()</script>" },
];

export const mermaidBlock = (p: Payload) => `\`\`\`mermaid\n${p.text}\n\`\`\``;

/** Every payload as its own paragraph: one markdown document holding the whole matrix. */
export const ALL_PAYLOADS = PAYLOADS.map((p) => p.text).join("\n\n");

/** The texts the payload links and images carry, to find and click them wherever they end up. */
export const LINK_TEXTS = ["点我", "x", "d", "t", "b", "提交"];

/**
 * What a payload planted under `root`, as readable findings (empty when nothing): executable scripts from
 * payloads, `on*` attributes, javascript:/vbscript: URLs (and data: outside images), frames, objects,
 * embeds, `<base>`, meta refresh, `srcdoc`, CSS reaching for javascript:. The framework's own
 * inline scripts (`self.__next_f`, JSON-LD) carry payload text as data and are not findings.
 */
export function findInjected(root: Element | Document | DocumentFragment): string[] {
  const found: string[] = [];
  const URL_ATTRIBUTES = ["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "codebase", "cite", "ping"];
  const FORBIDDEN = ["iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal"];
  const describe = (el: Element) => `<${el.tagName.toLowerCase()}>`;
  for (const el of Array.from(root.querySelectorAll("*"))) {
    const tag = el.tagName.toLowerCase();
    if (FORBIDDEN.includes(tag)) found.push(`${describe(el)} element`);
    if (tag === "script") {
      const text = (el.textContent ?? "").trim();
      const type = (el.getAttribute("type") ?? "").toLowerCase();
      const framework = type === "application/ld+json" || text.startsWith("self.__next_f") || text.startsWith("(self.__next_f");
      if (!framework && /__xss|javascript:/i.test(text)) found.push(`payload <script>: ${text.slice(0, 60)}`);
    }
    if (tag === "style" && /javascript:|__xss|expression\(/i.test(el.textContent ?? "")) found.push(`payload <style>: ${(el.textContent ?? "").slice(0, 60)}`);
    // SVG animation can write an href after the check ran: <set attributeName="href" to="javascript:…">.
    if ((tag === "set" || tag === "animate") && /href/i.test(el.getAttribute("attributeName") ?? "")) found.push(`${describe(el)} animating href`);
    if (tag === "meta" && /refresh/i.test(el.getAttribute("http-equiv") ?? "")) found.push("<meta http-equiv=refresh>");
    for (const name of el.getAttributeNames()) {
      const lower = name.toLowerCase();
      const value = el.getAttribute(name) ?? "";
      if (lower.startsWith("on")) found.push(`${describe(el)} ${name}="${value.slice(0, 40)}"`);
      if (lower === "srcdoc") found.push(`${describe(el)} srcdoc`);
      if (lower === "style" && /javascript:|expression\(/i.test(value)) found.push(`${describe(el)} style="${value.slice(0, 40)}"`);
      if (URL_ATTRIBUTES.includes(lower) || lower.endsWith(":href")) {
        // Browsers ignore leading/trailing C0 controls and spaces and drop tabs and newlines inside URLs.
        const scheme = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
        if (scheme.startsWith("javascript:") || scheme.startsWith("vbscript:")) found.push(`${describe(el)} ${name}="${value.slice(0, 60)}"`);
        if (scheme.startsWith("data:") && !(tag === "img" && lower === "src" && scheme.startsWith("data:image/"))) {
          found.push(`${describe(el)} ${name}="${value.slice(0, 60)}"`);
        }
      }
    }
  }
  return found;
}
