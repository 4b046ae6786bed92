import { describe, expect, it } from "vitest";
import { bodyPreview, PREVIEW_CHARS } from "./preview";

const para = (n: number, ch = "字") => ch.repeat(n);

describe("bodyPreview", () => {
  it("is null for a body that fits: nothing would be left to expand", () => {
    expect(bodyPreview("短短一段。")).toBeNull();
    expect(bodyPreview(`${para(50)}\n\n${para(50)}\n\n`)).toBeNull();
  });

  it("stops at the end of the block that passes the character budget", () => {
    const body = [para(200, "甲"), para(200, "乙"), para(200, "丙")].join("\n\n");
    expect(bodyPreview(body)).toBe(`${para(200, "甲")}\n\n${para(200, "乙")}`);
    expect(PREVIEW_CHARS).toBeLessThan(400);
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
    const body = [para(200), para(200), para(200)].join("\r\n\r\n");
    expect(bodyPreview(body)).toBe(`${para(200)}\n\n${para(200)}`);
  });
});
