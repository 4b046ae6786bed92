"use client";
// A code sent to the account's proven phone, as the profile's dialogs ask for it (设置密码, 注销账号).
import { Field, inputClass } from "@/components/auth/auth-card";
import { CodeInput, SendCodeButton } from "@/components/auth/send-code-button";
import { maskPhone } from "./mask-phone";

export function PhoneCodeField({ phone, value, onChange }: { phone: string; value: string; onChange: (code: string) => void }) {
  return (
    <Field label={`验证码（发送至 ${maskPhone(phone)}）`}>
      <div className="flex gap-2">
        <CodeInput value={value} onChange={onChange} className={`${inputClass} min-w-0 flex-1`} />
        <SendCodeButton phone={phone} />
      </div>
    </Field>
  );
}
