import "server-only";
// The SMS sender configured by SMS_PROVIDER: console (prints the code to the server log, for
// development and the embedded demo), aliyun, tencent, or none (code login unavailable).
import { getConfig } from "@/lib/config";
import { createAliyunSender } from "./aliyun";
import { createTencentSender } from "./tencent";

export type SmsSender = { name: string; send(phone: string, code: string): Promise<void> };

export const consoleSender: SmsSender = {
  name: "console",
  async send(phone, code) {
    process.stdout.write(`[短信 console] 验证码 ${code} 已发送至 ${phone}（5 分钟内有效；仅开发环境打印）\n`);
  },
};

let sender: SmsSender | null | undefined;

/** The configured sender, or null when SMS is not available (SMS_PROVIDER=none). */
export function smsSender(): SmsSender | null {
  if (sender !== undefined) return sender;
  const c = getConfig();
  const need = (v: string | undefined) => v ?? "";
  switch (c.SMS_PROVIDER) {
    case "console":
      sender = consoleSender;
      break;
    case "aliyun":
      sender = createAliyunSender({
        accessKeyId: need(c.SMS_ACCESS_KEY_ID),
        accessKeySecret: need(c.SMS_ACCESS_KEY_SECRET),
        signName: need(c.SMS_SIGN_NAME),
        templateCode: need(c.SMS_TEMPLATE_ID),
      });
      break;
    case "tencent":
      sender = createTencentSender({
        secretId: need(c.SMS_ACCESS_KEY_ID),
        secretKey: need(c.SMS_ACCESS_KEY_SECRET),
        sdkAppId: need(c.SMS_SDK_APP_ID),
        signName: need(c.SMS_SIGN_NAME),
        templateId: need(c.SMS_TEMPLATE_ID),
      });
      break;
    default:
      sender = null;
  }
  return sender;
}

/** Tests swap the sender (e.g. to capture codes or simulate a provider failure). */
export function setSmsSenderForTests(s: SmsSender | null | undefined): void {
  sender = s;
}
