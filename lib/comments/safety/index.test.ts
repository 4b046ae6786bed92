// The checker chosen by the configuration (COMMENTS_SAFETY_*), its endpoint override reaching a loopback peer.
import { listenLoopback, type Loopback } from "@/test/loopback";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withEnv } from "@/test/env";
import { contentSafety, setContentSafetyForTests } from "./index";

describe("contentSafety", () => {
  let peer: Loopback;
  let endpoint: string;
  const forms: URLSearchParams[] = [];

  beforeAll(async () => {
    // Answers every Aliyun-shaped request with a pass; what matters here is what the configuration sent.
    peer = await listenLoopback(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      forms.push(new URLSearchParams(raw));
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ Code: 200, Message: "OK", Data: { labels: "", reason: "" }, RequestId: "r" }));
    });
    endpoint = peer.url;
  });

  afterAll(() => peer.close());

  afterEach(() => setContentSafetyForTests(undefined));

  it("is null when no provider is configured", () => {
    withEnv({ COMMENTS_SAFETY_PROVIDER: "none" });
    expect(contentSafety()).toBeNull();
  });

  it("builds the configured provider once, with its service and endpoint", async () => {
    withEnv({
      COMMENTS_SAFETY_PROVIDER: "aliyun",
      COMMENTS_SAFETY_ACCESS_KEY_ID: "LTAI-test",
      COMMENTS_SAFETY_ACCESS_KEY_SECRET: "secret",
      COMMENTS_SAFETY_BIZ_TYPE: "chat_detection",
      COMMENTS_SAFETY_ENDPOINT: endpoint,
    });
    const checker = contentSafety();
    expect(checker?.name).toBe("aliyun");
    expect(contentSafety()).toBe(checker);
    await expect(checker!.check("你好", { userId: 9 })).resolves.toEqual({ verdict: "pass", labels: [] });
    expect(forms.at(-1)?.get("Service")).toBe("chat_detection");
  });

  it("builds the tencent checker", () => {
    withEnv({ COMMENTS_SAFETY_PROVIDER: "tencent", COMMENTS_SAFETY_ACCESS_KEY_ID: "AKID", COMMENTS_SAFETY_ACCESS_KEY_SECRET: "key" });
    expect(contentSafety()?.name).toBe("tencent");
  });

  it("lets a test put its own checker in place", async () => {
    setContentSafetyForTests({ name: "fixed", check: async () => ({ verdict: "review", labels: ["ad"] }) });
    await expect(contentSafety()!.check("x", { userId: 1 })).resolves.toEqual({ verdict: "review", labels: ["ad"] });
  });
});
