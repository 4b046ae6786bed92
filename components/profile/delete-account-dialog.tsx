"use client";
// 注销账号 → DELETE /users/me, confirmed with the password or (an account without one) a code sent to its proven
// phone. Gone: the account and every row of theirs (docs/privacy.md); this browser's session ends with it.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field, inputClass } from "@/components/auth/auth-card";
import type { ApiUser } from "@/lib/auth/serialize";
import { SMS_CODE_LENGTH } from "@/lib/auth/constants";
import { api, errorText } from "@/lib/client/api";
import { clearSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";
import { Dialog } from "./dialog";
import { PhoneCodeField } from "./phone-code-field";

export function DeleteAccountDialog({ user, onClose }: { user: ApiUser; onClose: () => void }) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const byCode = !user.has_password;
  const phone = user.phone_verified ? user.phone_number : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (byCode && code.length !== SMS_CODE_LENGTH) return void toast.error(MSG.deletionNeedsCode);
    if (!byCode && !password) return void toast.error(MSG.deletionNeedsPassword);
    setBusy(true);
    try {
      await api("/users/me", { method: "DELETE", json: byCode ? { code } : { password } });
      clearSession();
      toast.success(MSG.accountDeleted);
      router.replace("/");
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, MSG.deleteAccountFailed));
      setBusy(false);
    }
  }

  return (
    <Dialog title="注销账号" onClose={onClose}>
      {byCode && !phone ? (
        <p className="text-sm text-slate-600">{MSG.deletionNeedsProof}</p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <p className="text-sm text-slate-700">注销后，你的账号、点赞、收藏、阅读记录、智能总结和兴趣标签将被永久删除，无法恢复；账户名和手机号可以重新注册。建议先下载你的数据。</p>
          {byCode ? (
            <PhoneCodeField phone={phone!} value={code} onChange={setCode} />
          ) : (
            <Field label="输入密码以确认">
              <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={inputClass} />
            </Field>
          )}
          <button type="submit" disabled={busy} className="h-11 w-full rounded-full border border-red-300 bg-red-50 text-sm font-medium text-red-700 hover:bg-red-100 disabled:opacity-60">
            {busy ? "注销中…" : "永久注销账号"}
          </button>
        </form>
      )}
    </Dialog>
  );
}
