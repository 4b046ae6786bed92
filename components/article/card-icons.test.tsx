// The cards' icons are references into one sprite: every name has a symbol holding lucide's drawing, the symbol
// leaves the fill to its use (a liked heart is filled), and a use names a symbol that exists.
import { parseHTML } from "linkedom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CardIcon, CardIconSprite, type CardIconName } from "./card-icons";

const NAMES: CardIconName[] = ["heart", "comment", "bookmark", "flame", "sparkles"];

describe("card icons", () => {
  it("draws each icon once in the sprite and uses it by reference", () => {
    const { document } = parseHTML(`<body>${renderToStaticMarkup(<><CardIconSprite />{NAMES.map((n) => <CardIcon key={n} name={n} className="size-4 fill-current" />)}</>)}</body>`);
    const symbols = [...document.querySelectorAll("symbol")];
    expect(symbols.map((s) => s.id)).toEqual(NAMES.map((n) => `card-icon-${n}`));
    for (const symbol of symbols) {
      expect(symbol.querySelector("path, circle")).not.toBeNull();
      // The drawing inherits the fill, so `fill-current` on the use's svg fills it; its stroke is the text colour.
      expect(symbol.querySelector("svg")?.getAttribute("fill")).toBe("inherit");
      expect(symbol.querySelector("svg")?.getAttribute("stroke")).toBe("currentColor");
    }
    const uses = [...document.querySelectorAll("svg > use")].map((u) => u.getAttribute("href"));
    expect(uses).toEqual(NAMES.map((n) => `#card-icon-${n}`));
    for (const href of uses) expect(document.getElementById(href!.slice(1))).not.toBeNull();
    expect(document.querySelector("svg.fill-current")?.getAttribute("aria-hidden")).toBe("true");
  });
});
