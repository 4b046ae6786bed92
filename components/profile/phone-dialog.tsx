"use client";
// 绑定手机号 / 更换手机号 / 验证: the number and the code sent to it → PUT /users/me/phone. The answer carries a fresh
// token (the account's other sessions ended), kept for this browser.
import { useState } from "react";
import { primaryButtonClass } from "@/components/auth/auth-card";
import { PhoneCodeFields } from "@/components/auth/send-code-button";
import type { AuthResult } from "@/lib/auth/service";
import type { ApiUser } from "@/lib/auth/serialize";
import { PHONE_PATTERN, SMS_CODE_LENGTH } from "@/lib/auth/constants";
import { api, errorText } from "@/lib/client/api";
import { saveSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";
import { Dialog } from "./dialog";

export function PhoneDialog({ title, initialPhone, onClose, onDone }: { title: string; initialPhone: string; onClose: () => void; onDone: (user: ApiUser) => void }) {
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!PHONE_PATTERN.test(phone)) return void toast.error(MSG.invalidPhone);
    if (code.length !== SMS_CODE_LENGTH) return void toast.error(MSG.invalidCode);
    setBusy(true);
    try {
      const { data } = await api<{ data: AuthResult }>("/users/me/phone", { method: "PUT", json: { phone, code } });
      saveSession(data.access_token, data.user);
      toast.success("手机号已绑定");
      onDone(data.user);
    } catch (err) {
      toast.error(errorText(err, MSG.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PhoneCodeFields phone={phone} onPhone={setPhone} code={code} onCode={setCode} />
        <p className="text-xs text-slate-500">绑定后，其他设备上的登录将失效。</p>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? "提交中…" : "确定"}
        </button>
      </form>
    </Dialog>
  );
}
