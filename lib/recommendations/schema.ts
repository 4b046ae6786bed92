// Parameters of the interest calls (`/api/v1/users/me/interests`).
import { z } from "@/lib/zod";

export const personalizationBody = z.object(
  { personalized: z.boolean({ message: "personalized 必须是 true 或 false" }) },
  { message: "请求体必须是 JSON 对象" },
);

export const interestLabelParams = z.object({
  label: z
    .string()
    .transform((s) => s.replace(/\0/g, "").trim())
    .pipe(z.string().min(1, "兴趣标签不能为空").max(64, "兴趣标签不能超过 64 个字符")),
});
