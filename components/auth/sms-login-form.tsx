"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { PHONE_PATTERN, SMS_CODE_LENGTH } from "@/lib/auth/constants";
import { api } from "@/lib/client/api";
import { MSG } from "@/lib/messages";
import { primaryButtonClass } from "./auth-card";
import { ConsentCheckbox } from "./consent-checkbox";
import { PhoneCodeFields } from "./send-code-button";
import { useAuthSubmit, useWithRedirect } from "./use-auth-success";

export function SmsLoginForm() {
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  // Asked at every code sign-in: the number may be new, and a new number makes an account (the server needs
  // agree_terms only then, and records it for an account that never gave it).
  const [agreed, setAgreed] = useState(false);
  const refusal = () => (agreed ? null : MSG.consentRequired);
  const { busy, submit: signIn } = useAuthSubmit({ formatError: MSG.loginFormatError, failure: MSG.loginFailed });
  const withRedirect = useWithRedirect();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!PHONE_PATTERN.test(phone)) return void toast.error(MSG.invalidPhone);
    if (code.length !== SMS_CODE_LENGTH) return void toast.error(MSG.invalidCode);
    if (!agreed) return void toast.error(MSG.consentRequired);
    await signIn(() => api("/sms/login", { json: { phone, code, agree_terms: true } }));
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <PhoneCodeFields phone={phone} onPhone={setPhone} code={code} onCode={setCode} refusal={refusal} />
      <ConsentCheckbox checked={agreed} onChange={setAgreed} />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? "登录中…" : "登录"}
      </button>
      <div className="flex justify-between text-sm">
        <Link href={withRedirect("/login/password")} className="text-brand-600 hover:underline">
          账号密码登录
        </Link>
        <Link href="/register" className="text-slate-500 hover:text-brand-600">
          注册账号
        </Link>
      </div>
    </form>
  );
}
