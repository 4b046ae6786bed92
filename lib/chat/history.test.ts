import { describe, expect, it } from "vitest";
import { conversation, estimateTokens } from "./history";

describe("conversation", () => {
  it("starts with a user turn, alternates and ends with the question", () => {
    const turns = conversation(
      [
        { role: "assistant", content: "你好" },
        { role: "user", content: "一" },
        { role: "user", content: "二" },
        { role: "assistant", content: "答" },
        { role: "assistant", content: "补充" },
        { role: "user", content: "   " },
      ],
      "问题",
    );
    expect(turns).toEqual([
      { role: "user", content: "一\n\n二" },
      { role: "assistant", content: "答\n\n补充" },
      { role: "user", content: "问题" },
    ]);
  });

  it("joins a trailing unanswered user turn with the question", () => {
    expect(conversation([{ role: "user", content: "上一个" }], "这一个")).toEqual([{ role: "user", content: "上一个\n\n这一个" }]);
  });

  it("drops the oldest exchanges beyond the token budget but keeps the question", () => {
    const history = Array.from({ length: 10 }, (_, i) => [
      { role: "user" as const, content: `问${i}`.repeat(50) },
      { role: "assistant" as const, content: `答${i}`.repeat(50) },
    ]).flat();
    const turns = conversation(history, "最新的问题", 500);
    expect(turns.at(-1)).toEqual({ role: "user", content: "最新的问题" });
    expect(turns[0].role).toBe("user");
    expect(turns.reduce((n, t) => n + estimateTokens(t.content), 0)).toBeLessThanOrEqual(500);
    // Each exchange is ~126 tokens: the last three fit beside the question.
    expect(turns.map((t) => t.content.slice(0, 2))).toEqual(["问7", "答7", "问8", "答8", "问9", "答9", "最新"]);
    expect(conversation(history, "长".repeat(1000), 10)).toEqual([{ role: "user", content: "长".repeat(1000) }]);
  });
});
