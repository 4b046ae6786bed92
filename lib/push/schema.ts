// What the push API accepts (issue 45): the browser's PushSubscription as it serialises (toJSON), and the kinds.
import { z } from "zod";

const base64url = (name: string, min: number, max: number) =>
  z
    .string({ message: `${name} 必须是字符串` })
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} 必须是 base64url 编码`)
    .min(min, `${name} 长度不正确`)
    .max(max, `${name} 长度不正确`);

const endpoint = z
  .string({ message: "endpoint 必须是推送服务地址" })
  .max(2048, "endpoint 过长")
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "endpoint 必须是推送服务地址");

export const subscriptionBody = z.object(
  {
    endpoint,
    // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22), padded or not.
    keys: z.object({ p256dh: base64url("keys.p256dh", 86, 90), auth: base64url("keys.auth", 22, 24) }, { message: "keys 必须包含 p256dh 和 auth" }),
  },
  { message: "请求体必须是 JSON 对象" },
);

export const unsubscribeBody = z.object({ endpoint }, { message: "请求体必须是 JSON 对象" });

export const pushKindsBody = z
  .object(
    {
      replies: z.boolean({ message: "replies 必须是 true 或 false" }).optional(),
      digest: z.boolean({ message: "digest 必须是 true 或 false" }).optional(),
    },
    { message: "请求体必须是 JSON 对象" },
  )
  .refine((b) => b.replies !== undefined || b.digest !== undefined, "请至少提供 replies 或 digest");
