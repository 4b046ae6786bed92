import { beforeEach, describe, expect, it, vi } from "vitest";

type ToastModule = typeof import("./toast");
let mod: ToastModule;

beforeEach(async () => {
  vi.resetModules();
  mod = await import("./toast");
});

const fakeSonner = () => {
  const calls: string[] = [];
  const record = (kind: string) => (message: string) => void calls.push(`${kind}:${message}`);
  const sonner = Object.assign(record("message"), { success: record("success"), error: record("error"), info: record("info") });
  return { calls, sonner: sonner as unknown as Parameters<ToastModule["toasterReady"]>[0] };
};

describe("toasts before and after the toast library is loaded", () => {
  it("tells the host about the first toast, and shows what was asked meanwhile, in order, once sonner is ready", () => {
    const asked = vi.fn();
    mod.onFirstToast(asked);
    expect(asked).not.toHaveBeenCalled();
    mod.toast.error("保存失败");
    mod.toast("评论功能即将上线");
    expect(asked).toHaveBeenCalled();
    const { calls, sonner } = fakeSonner();
    mod.toasterReady(sonner);
    expect(calls).toEqual(["error:保存失败", "message:评论功能即将上线"]);
    mod.toast.success("已收藏");
    mod.toast.info("已复制");
    expect(calls.slice(2)).toEqual(["success:已收藏", "info:已复制"]);
  });

  it("calls a host that subscribes after a toast was asked at once", () => {
    mod.toast.success("已登录");
    const asked = vi.fn();
    mod.onFirstToast(asked);
    expect(asked).toHaveBeenCalledOnce();
  });
});
