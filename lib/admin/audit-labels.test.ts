import { describe, expect, it } from "vitest";
import { auditActionLabel, auditChanges, auditObjectHref, auditObjectLabel } from "./audit-labels";

describe("audit labels", () => {
  it("names known actions and object types in Chinese and shows unknown ones as recorded", () => {
    expect(auditActionLabel("task.retry")).toBe("重试总结任务");
    expect(auditActionLabel("user.disable")).toBe("停用账号");
    expect(auditActionLabel("source.import")).toBe("导入 OPML");
    expect(auditActionLabel("widget.spin")).toBe("widget.spin");
    expect(auditObjectLabel("article")).toBe("文章");
    expect(auditObjectLabel("widget")).toBe("widget");
  });

  it.each([
    ["user", "5", "/admin/users?id=5"],
    ["task", "12", "/admin/tasks?status=all&id=12"],
    ["article", "7", "/admin/articles?q=7"],
    ["source", "3", "/admin/sources#source-3"],
    ["opml", "1", null],
    ["user", "abc", null],
  ])("%s #%s links to %s", (type, id, href) => {
    expect(auditObjectHref(type, id)).toBe(href);
  });

  it("lists only the keys that changed, as old → new, with absent values as — and instants in China time", () => {
    expect(auditChanges({ status: "failed" }, { status: "pending" })).toEqual([{ key: "status", from: "failed", to: "pending" }]);
    expect(auditChanges({ title: "a", platform: "x" }, { title: "b", platform: "x" })).toEqual([{ key: "title", from: "a", to: "b" }]);
    expect(auditChanges(null, { url: "https://example.com/feed", interval: 30 })).toEqual([
      { key: "url", from: "—", to: "https://example.com/feed" },
      { key: "interval", from: "—", to: "30" },
    ]);
    expect(auditChanges({ disabled_at: "2025-03-05T00:00:00.000Z" }, { disabled_at: null })).toEqual([{ key: "disabled_at", from: "2025/3/5 08:00:00", to: "—" }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges("a", "b")).toEqual([{ key: "值", from: "a", to: "b" }]);
  });

  it("cuts long values", () => {
    const [change] = auditChanges({ summary: "长".repeat(200) }, { summary: "短" });
    expect(change.from).toHaveLength(80);
    expect(change.from.endsWith("…")).toBe(true);
  });
});
