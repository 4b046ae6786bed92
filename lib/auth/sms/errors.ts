// Error raised by the SMS senders (aliyun.ts, tencent.ts) when a provider refuses a message or
// cannot be reached. The message is Chinese and safe to show to the user; `cause` keeps the original.
export class SmsSendError extends Error {
  override name = "SmsSendError";
}
