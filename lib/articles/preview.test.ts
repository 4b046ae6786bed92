import { describe, expect, it } from "vitest";
import { bodyPreview, PREVIEW_CHARS, PREVIEW_MAX_CHARS, splitPreview } from "./preview";

const para = (n: number, ch = "字") => ch.repeat(n);

describe("bodyPreview", () => {
  it("is null for a body that fits: nothing would be left to expand", () => {
    expect(bodyPreview("短短一段。")).toBeNull();
    expect(bodyPreview(`${para(50)}\n\n${para(50)}\n\n`)).toBeNull();
  });

  it("stops at the end of the block that passes the character budget", () => {
    const body = [para(120, "甲"), para(120, "乙"), para(120, "丙")].join("\n\n");
    expect(bodyPreview(body)).toBe(`${para(120, "甲")}\n\n${para(120, "乙")}`);
    // Four lines of the collapsed card hold about 180 characters on a desktop column.
    expect(PREVIEW_CHARS).toBeGreaterThanOrEqual(190);
    expect(PREVIEW_MAX_CHARS).toBeLessThan(400);
  });

  it("takes at most four short blocks", () => {
    const body = ["# 标题", "第一段", "- 列表一\n- 列表二", "第三段", "第四段", "第五段"].join("\n\n");
    expect(bodyPreview(body)).toBe(["# 标题", "第一段", "- 列表一\n- 列表二", "第三段"].join("\n\n"));
  });

  it("keeps a fenced code block whole, blank lines inside it included", () => {
    const code = "```ts\nconst a = 1;\n\nconst b = 2;\n\n\nconst c = 3;\n```";
    const body = [para(100), code, para(300), para(300)].join("\n\n");
    expect(bodyPreview(body)).toBe([para(100), code, para(300)].join("\n\n"));
    const tilde = "~~~\n```\n\n不是结束\n~~~";
    expect(bodyPreview([tilde, para(400), para(10)].join("\n\n"))).toBe([tilde, para(400)].join("\n\n"));
  });

  it("treats Windows line ends like Unix ones", () => {
    const body = [para(120), para(120), para(120)].join("\r\n\r\n");
    expect(bodyPreview(body)).toBe(`${para(120)}\n\n${para(120)}`);
  });

  it("cuts a block that runs past the limit at a line end: a list keeps its first items", () => {
    const items = Array.from({ length: 20 }, (_, i) => `- 第${i}项${para(30)}`);
    const preview = bodyPreview([para(20), items.join("\n"), para(10)].join("\n\n"))!;
    const kept = preview.split("\n").filter((l) => l.startsWith("- "));
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.length).toBeLessThan(20);
    expect(preview.length).toBeLessThan(PREVIEW_MAX_CHARS + 40);
    expect(items.slice(0, kept.length)).toEqual(kept);
  });

  it("closes a long code block it cuts, with the fence that opened it", () => {
    const code = ["````ts", ...Array.from({ length: 40 }, (_, i) => `const v${i} = ${i}; // ${"x".repeat(10)}`), "````"].join("\n");
    const preview = bodyPreview([para(30), code, para(30)].join("\n\n"))!;
    expect(preview.startsWith(`${para(30)}\n\n\`\`\`\`ts\nconst v0 = 0;`)).toBe(true);
    expect(preview.endsWith("\n````")).toBe(true);
    expect(preview.split("\n").filter((l) => l === "````")).toHaveLength(1);
    expect(preview.length).toBeLessThan(PREVIEW_MAX_CHARS + 40);
  });

  it("never leaves a table's header without its delimiter row", () => {
    const header = `| ${para(PREVIEW_MAX_CHARS)} | 乙 |`;
    const table = [header, "|---|:--:|", "| 1 | 2 |", "| 3 | 4 |"].join("\n");
    expect(bodyPreview([table, para(10)].join("\n\n"))).toBe(`${header}\n|---|:--:|`);
  });

  it("gives the text it leaves out: preview and rest make the body again", () => {
    const bodies = [
      [para(120, "甲"), para(120, "乙"), para(120, "丙")].join("\n\n"),
      [para(20), Array.from({ length: 20 }, (_, i) => `${i + 1}. 步骤${para(25)}`).join("\n"), para(10)].join("\n\n"),
    ];
    for (const body of bodies) {
      const { preview, rest } = splitPreview(body)!;
      expect(`${preview}\n${rest}`).toBe(body);
    }
    expect(splitPreview("短短一段。")).toBeNull();
  });
});
