// Aliyun SendSms signing, checked against Alibaba Cloud's published SendSms signature example
// (the "HTTP协议及签名" walkthrough for 短信服务: AccessKeyId testId / AccessKeySecret testSecret),
// plus send() through a real local HTTP server.
import { listenLoopback, type Loopback } from "@/test/loopback";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliyunRpcSignature, aliyunSendSmsParams, aliyunStringToSign, createAliyunSender, percentEncode } from "./aliyun";
import { SmsSendError } from "./errors";

// Inputs of the documented example, verbatim.
const DOC_PARAMS: Record<string, string> = {
  AccessKeyId: "testId", Action: "SendSms", Format: "XML", OutId: "123", PhoneNumbers: "15300000001",
  RegionId: "cn-hangzhou", SignName: "阿里云短信测试专用", SignatureMethod: "HMAC-SHA1",
  SignatureNonce: "45e25e9b-0a6f-4070-8c85-2956eda1b466", SignatureVersion: "1.0", TemplateCode: "SMS_71390007",
  TemplateParam: '{"customer":"test"}', Timestamp: "2017-07-12T02:42:19Z", Version: "2017-05-25",
};
// Documented string to sign and signature for those inputs.
const DOC_STRING_TO_SIGN =
  "GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001" +
  "%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1" +
  "%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1" +
  "%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007" +
  "%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z" +
  "%26Version%3D2017-05-25";
const DOC_SIGNATURE = "zJDF+Lrzhj/ThnlvIToysFRq6t4=";

describe("percentEncode", () => {
  it("follows the RPC mechanism's RFC 3986 rules", () => {
    expect(percentEncode("AZaz09-_.~")).toBe("AZaz09-_.~");
    expect(percentEncode("a b")).toBe("a%20b");
    expect(percentEncode("*")).toBe("%2A");
    expect(percentEncode("!'()")).toBe("%21%27%28%29");
    expect(percentEncode("+/=&:")).toBe("%2B%2F%3D%26%3A");
    expect(percentEncode('{"')).toBe("%7B%22");
    expect(percentEncode("阿")).toBe("%E9%98%BF");
  });
});

describe("aliyunRpcSignature", () => {
  it("reproduces the documented string to sign", () => {
    expect(aliyunStringToSign(DOC_PARAMS)).toBe(DOC_STRING_TO_SIGN);
  });

  it("reproduces the documented SendSms signature", () => {
    expect(aliyunRpcSignature(DOC_PARAMS, "testSecret")).toBe(DOC_SIGNATURE);
  });

  it("ignores a Signature parameter and does not depend on insertion order", () => {
    const shuffled = Object.fromEntries(Object.entries(DOC_PARAMS).reverse());
    expect(aliyunRpcSignature({ ...shuffled, Signature: "x" }, "testSecret")).toBe(DOC_SIGNATURE);
  });
});

describe("aliyunSendSmsParams", () => {
  it("builds the SendSms parameters with a second-precision UTC timestamp", () => {
    const p = aliyunSendSmsParams({
      accessKeyId: "id",
      signName: "拾阅",
      templateCode: "SMS_1",
      phone: "13800000000",
      code: "123456",
      nonce: "n-1",
      timestamp: new Date("2017-07-12T02:42:19.789Z"),
    });
    expect(p).toEqual({
      AccessKeyId: "id", Action: "SendSms", Format: "JSON", RegionId: "cn-hangzhou", SignatureMethod: "HMAC-SHA1",
      SignatureNonce: "n-1", SignatureVersion: "1.0", Timestamp: "2017-07-12T02:42:19Z", Version: "2017-05-25",
      PhoneNumbers: "13800000000", SignName: "拾阅", TemplateCode: "SMS_1", TemplateParam: '{"code":"123456"}',
    });
  });
});

describe("createAliyunSender().send over HTTP", () => {
  const SECRET = "s3cret/+*";
  let peer: Loopback;
  let endpoint: string;
  const seen: Record<string, string>[] = [];

  beforeAll(async () => {
    peer = await listenLoopback((req, res) => {
      const query = Object.fromEntries(new URL(req.url ?? "/", "http://local").searchParams);
      seen.push(query);
      const { Signature, ...rest } = query;
      res.setHeader("Content-Type", "application/json");
      if (req.method !== "GET" || Signature !== aliyunRpcSignature(rest, SECRET)) {
        res.statusCode = 400;
        res.end(JSON.stringify({ Code: "SignatureDoesNotMatch", Message: "Specified signature is not matched." }));
      } else if (query.PhoneNumbers === "13800000000") {
        res.end(JSON.stringify({ Code: "OK", Message: "OK", BizId: "900619746936498440^0", RequestId: "r1" }));
      } else if (query.PhoneNumbers === "13900000000") {
        res.end("<html>bad gateway</html>");
      } else if (query.PhoneNumbers === "13600000000") {
        // Never answers: the client's timeout must fire.
      } else {
        res.end(JSON.stringify({ Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发流控", RequestId: "r2" }));
      }
    });
    endpoint = peer.url;
  });

  afterAll(() => peer.close());

  const cfg = { accessKeyId: "LTAI-test", accessKeySecret: SECRET, signName: "拾阅", templateCode: "SMS_123" };
  const sender = (secret = SECRET) =>
    createAliyunSender(
      { ...cfg, accessKeySecret: secret },
      { endpoint, now: () => new Date("2024-01-02T03:04:05.678Z"), nonce: () => "nonce-1" },
    );

  it("resolves when the provider answers Code OK, sending a correctly signed request", async () => {
    await expect(sender().send("13800000000", "246810")).resolves.toBeUndefined();
    const q = seen.at(-1)!;
    expect(q).toMatchObject({
      Action: "SendSms",
      AccessKeyId: "LTAI-test",
      PhoneNumbers: "13800000000",
      SignName: "拾阅",
      TemplateCode: "SMS_123",
      TemplateParam: '{"code":"246810"}',
      Timestamp: "2024-01-02T03:04:05Z",
      SignatureNonce: "nonce-1",
    });
    expect(q.Signature).toMatch(/=$/);
  });

  it("rejects with SmsSendError carrying the provider code and message", async () => {
    const err = await sender().send("13700000000", "246810").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toBe("短信发送失败（isv.BUSINESS_LIMIT_CONTROL）：触发流控");
  });

  it("rejects when the provider refuses the signature", async () => {
    const err = await sender("wrong").send("13800000000", "246810").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toContain("SignatureDoesNotMatch");
  });

  it("rejects on a non-JSON answer", async () => {
    await expect(sender().send("13900000000", "1")).rejects.toThrow(/无法识别的响应（HTTP 200）/);
  });

  it("turns network failures and timeouts into SmsSendError", async () => {
    const refused = createAliyunSender(cfg, { endpoint: "http://127.0.0.1:1/" });
    await expect(refused.send("13800000000", "1")).rejects.toThrow(new SmsSendError("无法连接短信服务，请稍后重试"));
    const hanging = createAliyunSender(cfg, { endpoint, timeoutMs: 200 });
    await expect(hanging.send("13600000000", "1")).rejects.toThrow(new SmsSendError("短信服务请求超时，请稍后重试"));
  });
});
