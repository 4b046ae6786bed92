"use client";
// 设置密码 / 修改密码 → PUT /users/me/password: with the current password, or (an account without one) a code sent
// to its proven phone. The answer carries a fresh token (the account's other sessions ended), kept for this browser.
import { useState } from "react";
import { Field, inputClass, primaryButtonClass } from "@/components/auth/auth-card";
import type { AuthResult } from "@/lib/auth/service";
import type { ApiUser } from "@/lib/auth/serialize";
import { SMS_CODE_LENGTH } from "@/lib/auth/constants";
import { api, errorText } from "@/lib/client/api";
import { saveSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";
import { Dialog } from "./dialog";
import { PhoneCodeField } from "./phone-code-field";

export function PasswordDialog({ user, onClose, onDone }: { user: ApiUser; onClose: () => void; onDone: (user: ApiUser) => void }) {
  const [current, setCurrent] = useState("");
  const [code, setCode] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(false);
  const byCode = !user.has_password;
  const phone = user.phone_verified ? user.phone_number : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (byCode && code.length !== SMS_CODE_LENGTH) return void toast.error(MSG.invalidCode);
    if (!byCode && !current) return void toast.error(MSG.currentPasswordRequired);
    setBusy(true);
    try {
      const json = byCode ? { code, new_password: next } : { current_password: current, new_password: next };
      const { data } = await api<{ data: AuthResult }>("/users/me/password", { method: "PUT", json });
      saveSession(data.access_token, data.user);
      toast.success(byCode ? "密码已设置" : "密码已修改");
      onDone(data.user);
    } catch (err) {
      toast.error(errorText(err, MSG.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={byCode ? "设置密码" : "修改密码"} onClose={onClose}>
      {byCode && !phone ? (
        <p className="text-sm text-slate-600">{MSG.phoneNeededForPassword}</p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          {byCode ? (
            <PhoneCodeField phone={phone!} value={code} onChange={setCode} />
          ) : (
            <Field label="当前密码">
              <input type="password" name="current_password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} className={inputClass} />
            </Field>
          )}
          <Field label="新密码">
            <input type="password" name="new_password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} placeholder="至少 6 位" className={inputClass} />
          </Field>
          <p className="text-xs text-slate-500">保存后，其他设备上的登录将失效。</p>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {busy ? "提交中…" : "确定"}
          </button>
        </form>
      )}
    </Dialog>
  );
}
