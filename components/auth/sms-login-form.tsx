"use client";

import { Link } from "@/components/ui/link";
import { useEffect, useState } from "react";
import { toast } from "@/lib/client/toast";
import { PHONE_PATTERN, SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from "@/lib/auth/constants";
import { api, errorText } from "@/lib/client/api";
import { MSG } from "@/lib/messages";
import { Field, inputClass, primaryButtonClass } from "./auth-card";
import { useAuthSubmit, useWithRedirect } from "./use-auth-success";

export function SmsLoginForm() {
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const { busy, submit: signIn } = useAuthSubmit({ formatError: MSG.loginFormatError, failure: MSG.loginFailed });
  const withRedirect = useWithRedirect();
  const phoneValid = PHONE_PATTERN.test(phone);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  async function sendCode() {
    if (countdown > 0 || sending) return;
    if (!phoneValid) {
      toast.error(MSG.invalidPhone);
      return;
    }
    setSending(true);
    try {
      await api("/sms/send", { json: { phone } });
      toast.success(MSG.codeSentTo(phone));
      setCountdown(SMS_RESEND_SECONDS);
    } catch (err) {
      toast.error(errorText(err, MSG.sendCodeFailed));
    } finally {
      setSending(false);
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!PHONE_PATTERN.test(phone)) return void toast.error(MSG.invalidPhone);
    if (code.length !== SMS_CODE_LENGTH) return void toast.error(MSG.invalidCode);
    await signIn(() => api("/sms/login", { json: { phone, code } }));
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="手机号">
        <input
          type="tel"
          name="phone"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, "").slice(0, 11))}
          placeholder="请输入手机号"
          className={inputClass}
        />
      </Field>
      <Field label="验证码">
        <div className="flex gap-2">
          <input
            type="text"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            value={code}
            onChange={(e) => setCode(e.target.value.slice(0, SMS_CODE_LENGTH))}
            placeholder="6 位验证码"
            className={`${inputClass} min-w-0 flex-1`}
          />
          <button
            type="button"
            onClick={sendCode}
            disabled={!phoneValid || countdown > 0 || sending}
            className="h-11 shrink-0 rounded-lg border border-brand-500 px-3 text-sm text-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent"
          >
            {countdown > 0 ? MSG.resendIn(countdown) : sending ? "发送中…" : "获取验证码"}
          </button>
        </div>
      </Field>
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
