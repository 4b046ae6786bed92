// TC3-HMAC-SHA256 signing, checked against the worked example in Tencent Cloud's "签名方法 v3"
// documentation (CVM DescribeInstances, timestamp 1551113065), plus send() through a real local
// HTTP server.
import { listenLoopback, type Loopback } from "@/test/loopback";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmsSendError } from "./errors";
import { createTencentSender, tc3Authorization } from "./tencent";

// The documented request body, byte for byte (the \u escapes are literal text in the JSON).
const DOC_PAYLOAD = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';

describe("tc3Authorization", () => {
  it("reproduces the documented example (x-tc-action signed)", () => {
    // Current edition of the doc: redacted credentials are literally these asterisks, and the
    // published SecretSigning/Signature are computed from them.
    const got = tc3Authorization({
      secretId: "AKID********************************",
      secretKey: "********************************",
      service: "cvm",
      host: "cvm.tencentcloudapi.com",
      action: "DescribeInstances",
      payload: DOC_PAYLOAD,
      timestamp: 1551113065,
    });
    expect(got.date).toBe("2019-02-25");
    expect(got.authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKID********************************/2019-02-25/cvm/tc3_request, " +
        "SignedHeaders=content-type;host;x-tc-action, " +
        "Signature=10b1a37a7301a02ca19a647ad722d5e43b4b3cff309d421d85b46093f6ab6c4f",
    );
  });

  it("reproduces the earlier edition of the example (content-type;host only)", () => {
    // Earlier edition of the same page (before x-tc-action was added to the example); its values
    // are quoted by several independent implementations: canonical request hash 5ffe6a04…, this signature.
    const got = tc3Authorization({
      secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******",
      secretKey: "Gu5t9xGARNpq86cd98joQYCN3*******",
      service: "cvm",
      host: "cvm.tencentcloudapi.com",
      payload: DOC_PAYLOAD,
      timestamp: 1551113065,
    });
    expect(got.authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, " +
        "SignedHeaders=content-type;host, " +
        "Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c",
    );
  });

  it("uses the UTC date, not the local one", () => {
    // 1551113065 is 2019-02-26 00:44:25 in UTC+8 but still 2019-02-25 in UTC (the doc's own warning).
    expect(tc3Authorization({ secretId: "a", secretKey: "b", service: "sms", host: "h", payload: "", timestamp: 1551113065 }).date).toBe(
      "2019-02-25",
    );
  });
});

describe("createTencentSender().send over HTTP", () => {
  const SECRET = "tencent-secret-key";
  let peer: Loopback;
  let endpoint: string;
  const seen: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    peer = await listenLoopback(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as { PhoneNumberSet: string[] };
      seen.push({ headers: req.headers, body });
      const expected = tc3Authorization({
        secretId: "AKID-test",
        secretKey: SECRET,
        service: "sms",
        host: req.headers.host ?? "",
        action: "SendSms",
        payload: raw,
        timestamp: Number(req.headers["x-tc-timestamp"]),
      }).authorization;
      const reply = (obj: unknown) => {
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ Response: { ...(obj as object), RequestId: "req-1" } }));
      };
      const phone = body.PhoneNumberSet[0];
      if (req.method !== "POST" || req.headers.authorization !== expected) {
        reply({ Error: { Code: "AuthFailure.SignatureFailure", Message: "The provided credentials could not be validated." } });
      } else if (phone === "+8613800000000") {
        reply({ SendStatusSet: [{ SerialNo: "5000:1", PhoneNumber: phone, Fee: 1, Code: "Ok", Message: "send success", IsoCode: "CN" }] });
      } else if (phone === "+8613600000000") {
        // Never answers: the client's timeout must fire.
      } else {
        reply({ SendStatusSet: [{ PhoneNumber: phone, Fee: 0, Code: "LimitExceeded.PhoneNumberDailyLimit", Message: "单个手机号日下发短信条数超过设定的上限" }] });
      }
    });
    endpoint = peer.url;
  });

  afterAll(() => peer.close());

  const cfg = { secretId: "AKID-test", secretKey: SECRET, sdkAppId: "1400000000", signName: "拾阅", templateId: "1234567" };
  const sender = (secretKey = SECRET, timeoutMs?: number) =>
    createTencentSender({ ...cfg, secretKey }, { endpoint, now: () => new Date("2024-01-02T03:04:05.678Z"), timeoutMs });

  it("resolves on status Ok, sending a correctly signed request", async () => {
    await expect(sender().send("13800000000", "246810")).resolves.toBeUndefined();
    const { headers, body } = seen.at(-1)!;
    expect(headers).toMatchObject({
      "x-tc-action": "SendSms",
      "x-tc-version": "2021-01-11",
      "x-tc-region": "ap-guangzhou",
      "x-tc-timestamp": "1704164645",
      "content-type": "application/json; charset=utf-8",
    });
    expect(headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKID-test\/2024-01-02\/sms\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/,
    );
    expect(body).toEqual({
      PhoneNumberSet: ["+8613800000000"],
      SmsSdkAppId: "1400000000",
      SignName: "拾阅",
      TemplateId: "1234567",
      TemplateParamSet: ["246810"],
    });
  });

  it("rejects with SmsSendError carrying the send status code", async () => {
    const err = await sender().send("13700000000", "1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toBe("短信发送失败（LimitExceeded.PhoneNumberDailyLimit）：单个手机号日下发短信条数超过设定的上限");
  });

  it("rejects with SmsSendError carrying Response.Error's code", async () => {
    const err = await sender("wrong-key").send("13800000000", "1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toContain("AuthFailure.SignatureFailure");
  });

  it("turns network failures and timeouts into SmsSendError", async () => {
    const refused = createTencentSender(cfg, { endpoint: "http://127.0.0.1:1/" });
    await expect(refused.send("13800000000", "1")).rejects.toThrow(new SmsSendError("无法连接短信服务，请稍后重试"));
    await expect(sender(SECRET, 200).send("13600000000", "1")).rejects.toThrow(new SmsSendError("短信服务请求超时，请稍后重试"));
  });
});
