// Request bodies of the account calls (zod), shared by the route handlers and the forms.
import { z } from "@/lib/zod";
import { PHONE_PATTERN } from "./constants";
import { MSG } from "@/lib/messages";

const trimmed = z.string().transform((s) => s.replace(/\0/g, "").trim());
/** Trimmed but otherwise untouched: control characters make a phone or a code invalid, never "fixed". */
const trimmedStrict = z.string().transform((s) => s.trim());
// Optional text fields: left out → undefined (unchanged); "" or null → null (cleared).
const optionalText = (max: number, label: string) =>
  z
    .union([z.string(), z.null()])
    .transform((v) => (v ?? "").replace(/\0/g, "").trim())
    .pipe(z.string().max(max, `${label}不能超过 ${max} 个字符`))
    .transform((v) => v || null)
    .optional();

export const emailField = z
  .union([z.string(), z.null()])
  .transform((v) => (v ?? "").trim().toLowerCase())
  .pipe(z.union([z.literal(""), z.email("邮箱格式不正确").max(254, "邮箱格式不正确")]))
  .transform((v) => v || null)
  .optional();

export const phoneField = trimmedStrict.pipe(z.string().regex(PHONE_PATTERN, MSG.invalidPhone));

const password = z.string({ message: "请输入密码" }).min(6, "密码至少 6 位").max(128, "密码不能超过 128 位");

const code = trimmedStrict.pipe(z.string().regex(/^\d{6}$/, MSG.invalidCode));
/** A code that may be left out: "" or null count as left out. */
const optionalCode = z
  .union([z.string(), z.null()])
  .transform((v) => (v ?? "").trim())
  .pipe(z.union([z.literal(""), z.string().regex(/^\d{6}$/, MSG.invalidCode)]))
  .transform((v) => v || null)
  .optional();

/** The 用户协议与隐私政策 box: ticked is `true` and nothing else (a string "true" is a client bug, not consent). */
const agreeTerms = z.literal(true, { message: MSG.consentRequired });

export const registerBody = z.object({
  account_name: trimmed.pipe(
    z
      .string()
      .min(2, "用户名至少 2 个字符")
      .max(32, "用户名不能超过 32 个字符")
      .regex(/^[\p{L}\p{N}_.-]+$/u, "用户名只能包含中英文、数字、下划线、点和横线")
      .refine((s) => !/^\d+$/.test(s), "用户名不能是纯数字"),
  ),
  password,
  email: emailField,
  phone_number: z
    .union([z.string(), z.null()])
    .transform((v) => (v ?? "").trim())
    .pipe(z.union([z.literal(""), z.string().regex(PHONE_PATTERN, MSG.invalidPhone)]))
    .transform((v) => v || null)
    .optional(),
  /** The code sent to phone_number: a number enters an account only proven (lib/auth/phone-proof.ts). */
  sms_code: optionalCode,
  display_name: optionalText(32, "昵称"),
  agree_terms: agreeTerms,
});
export type RegisterBody = z.output<typeof registerBody>;

export const loginBody = z.object({
  username: trimmed.pipe(z.string().min(1, MSG.accountRequired).max(254, MSG.badCredentials)),
  password: z.string({ message: MSG.accountRequired }).min(1, MSG.accountRequired).max(128, MSG.badCredentials),
});

export const smsSendBody = z.object({ phone: phoneField });

/** agree_terms is needed only when the code creates the account (and recorded when given for one without it). */
export const smsLoginBody = z.object({ phone: phoneField, code, agree_terms: z.boolean({ message: MSG.consentRequired }).optional() });

/** Binding (or changing, or proving) the account's phone number with the code sent to it. */
export const phoneBindBody = z.object({ phone: phoneField, code });

/** Setting or changing the password: with the current one, or (an account without one) a code sent to its phone. */
export const passwordChangeBody = z.object({
  current_password: z
    .union([z.string(), z.null()])
    .pipe(z.union([z.string().max(128, MSG.currentPasswordWrong), z.null()]))
    .transform((v) => v || null)
    .optional(),
  code: optionalCode,
  new_password: password,
});
export type PasswordChange = z.output<typeof passwordChangeBody>;

/** 注销账号's confirmation: the account's password, or (an account without one) a code sent to its proven phone. */
export const accountDeletionBody = z.object(
  {
    password: z
      .union([z.string(), z.null()], { message: "密码必须是文本" })
      .pipe(z.union([z.string().max(128, MSG.passwordWrong), z.null()]))
      .transform((v) => v || null)
      .optional(),
    code: optionalCode,
  },
  { message: "请求体必须是 JSON 对象" },
);
export type AccountDeletion = z.output<typeof accountDeletionBody>;

/** Only these fields change (a field left out stays as it is; "" or null clears it); anything else is ignored. */
export const profileUpdateBody = z.object({
  display_name: optionalText(32, "昵称"),
  email: emailField,
  bio: optionalText(500, "个人简介"),
});
export type ProfileUpdate = z.output<typeof profileUpdateBody>;
