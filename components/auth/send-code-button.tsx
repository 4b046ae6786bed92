"use client";
// The code field and the send-code button of every screen that asks for a code (code login, registration with a
// phone, the profile's phone and password dialogs): the button is enabled for a valid phone when no countdown
// runs, then reads "N 秒后可重新发送". `refusal` (the sign-in screens: the 用户协议与隐私政策 box unticked) keeps the
// number from being sent at all: it answers the message to show instead.
import { useEffect, useState } from "react";
import { PHONE_PATTERN, SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from "@/lib/auth/constants";
import { api, errorText } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";
import { Field, inputClass } from "./auth-card";

export const sendCodeButtonClass =
  "h-11 shrink-0 rounded-lg border border-brand-500 px-3 text-sm text-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent";

type Refusal = () => string | null;

export function SendCodeButton({ phone, refusal, className = sendCodeButtonClass }: { phone: string; refusal?: Refusal; className?: string }) {
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const phoneValid = PHONE_PATTERN.test(phone);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  async function send() {
    if (countdown > 0 || sending) return;
    if (!phoneValid) return void toast.error(MSG.invalidPhone);
    const refused = refusal?.();
    if (refused) return void toast.error(refused);
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

  return (
    <button type="button" onClick={send} disabled={!phoneValid || countdown > 0 || sending} className={className}>
      {countdown > 0 ? MSG.resendIn(countdown) : sending ? "发送中…" : "获取验证码"}
    </button>
  );
}

export function CodeInput({ value, onChange, className }: { value: string; onChange: (code: string) => void; className: string }) {
  return (
    <input
      type="text"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={SMS_CODE_LENGTH}
      value={value}
      onChange={(e) => onChange(e.target.value.slice(0, SMS_CODE_LENGTH))}
      placeholder="6 位验证码"
      className={className}
    />
  );
}

/** The phone field, then the code field with its send button: code login and the profile's phone dialog. */
export function PhoneCodeFields({
  phone,
  onPhone,
  code,
  onCode,
  refusal,
}: {
  phone: string;
  onPhone: (phone: string) => void;
  code: string;
  onCode: (code: string) => void;
  refusal?: Refusal;
}) {
  return (
    <>
      <Field label="手机号">
        <input
          type="tel"
          name="phone"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          value={phone}
          onChange={(e) => onPhone(e.target.value.replace(/\D/g, "").slice(0, 11))}
          placeholder="请输入手机号"
          className={inputClass}
        />
      </Field>
      <Field label="验证码">
        <div className="flex gap-2">
          <CodeInput value={code} onChange={onCode} className={`${inputClass} min-w-0 flex-1`} />
          <SendCodeButton phone={phone} refusal={refusal} />
        </div>
      </Field>
    </>
  );
}
