"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { api } from "@/lib/client/api";
import { MSG } from "@/lib/messages";
import { Field, inputClass, primaryButtonClass } from "./auth-card";
import { ConsentCheckbox } from "./consent-checkbox";
import { CodeInput, SendCodeButton } from "./send-code-button";
import { useAuthSubmit } from "./use-auth-success";

const EMPTY = { account_name: "", email: "", phone_number: "", sms_code: "", password: "", display_name: "" };

export function RegisterForm() {
  const [form, setForm] = useState(EMPTY);
  const [agreed, setAgreed] = useState(false);
  const refusal = () => (agreed ? null : MSG.consentRequired);
  const { busy, submit: signIn } = useAuthSubmit({ formatError: MSG.registerFormatError, failure: MSG.registerFailed });
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form.account_name.trim() || !form.password) return void toast.error(MSG.registerRequired);
    if (!agreed) return void toast.error(MSG.consentRequired);
    // A phone number comes in only with the code sent to it (the server answers 请输入手机验证码 without one).
    const sms_code = form.phone_number.trim() ? form.sms_code : "";
    await signIn(() => api("/auth/register", { json: { ...form, sms_code, account_name: form.account_name.trim(), agree_terms: true } }));
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="用户名">
        <input name="account_name" autoComplete="username" value={form.account_name} onChange={set("account_name")} placeholder="登录用的用户名" className={inputClass} />
      </Field>
      <Field label="邮箱（选填）">
        <input type="email" name="email" autoComplete="email" value={form.email} onChange={set("email")} placeholder="name@example.com" className={inputClass} />
      </Field>
      <Field label="手机号（选填）">
        <input type="tel" name="phone_number" inputMode="numeric" maxLength={11} autoComplete="tel-national" value={form.phone_number} onChange={set("phone_number")} placeholder="11 位手机号" className={inputClass} />
      </Field>
      {form.phone_number.trim() ? (
        <Field label="手机验证码">
          <div className="flex gap-2">
            <CodeInput value={form.sms_code} onChange={(sms_code) => setForm((f) => ({ ...f, sms_code }))} className={`${inputClass} min-w-0 flex-1`} />
            <SendCodeButton phone={form.phone_number.trim()} refusal={refusal} />
          </div>
        </Field>
      ) : null}
      <Field label="密码">
        <input type="password" name="password" autoComplete="new-password" value={form.password} onChange={set("password")} placeholder="至少 6 位" className={inputClass} />
      </Field>
      <Field label="昵称（选填）">
        <input name="display_name" autoComplete="nickname" value={form.display_name} onChange={set("display_name")} placeholder="别人看到的名字" className={inputClass} />
      </Field>
      <ConsentCheckbox checked={agreed} onChange={setAgreed} />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? "注册中…" : "注册"}
      </button>
      <p className="text-center text-sm text-slate-500">
        已有账号？
        {/* Underlined, not only coloured: it stands inside a sentence (WCAG 1.4.1). */}
        <Link href="/login/sms" className="text-brand-600 underline underline-offset-2">
          立即登录
        </Link>
      </p>
    </form>
  );
}
