"use client";
// 账户安全: the password (设置/修改), the phone number (绑定/更换, or 验证 for a number kept unproven from before
// proofs were required), and 退出所有设备. Each change ends the account's other sessions.
import { KeyRound, LogOut, Smartphone } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ApiUser } from "@/lib/auth/serialize";
import { api, errorText } from "@/lib/client/api";
import { clearSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";
import { maskPhone } from "./mask-phone";
import { PasswordDialog } from "./password-dialog";
import { PhoneDialog } from "./phone-dialog";

const rowButton = "shrink-0 rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-600 hover:bg-slate-50 disabled:opacity-60";

export function SecurityCard({ user, onChange }: { user: ApiUser; onChange: (user: ApiUser) => void }) {
  const [open, setOpen] = useState<"password" | "phone" | null>(null);
  const [ending, setEnding] = useState(false);
  const router = useRouter();
  const phone = user.phone_number;
  const unproven = Boolean(phone && !user.phone_verified);
  const done = (u: ApiUser) => {
    setOpen(null);
    onChange(u);
  };

  async function signOutEverywhere() {
    setEnding(true);
    try {
      await api("/auth/logout-all", { method: "POST" });
      clearSession();
      toast.success("已退出所有设备");
      router.replace("/");
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, "操作失败，请重试"));
      setEnding(false);
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">账户安全</h2>
      <ul className="mt-3 divide-y divide-slate-100">
        <li className="flex items-center gap-3 py-3">
          <KeyRound className="size-5 shrink-0 text-slate-500" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-slate-800">登录密码</p>
            <p className="text-xs text-slate-500">{user.has_password ? "已设置" : MSG.passwordNotSet}</p>
          </div>
          <button type="button" onClick={() => setOpen("password")} className={rowButton}>
            {user.has_password ? "修改密码" : "设置密码"}
          </button>
        </li>
        <li className="flex items-center gap-3 py-3">
          <Smartphone className="size-5 shrink-0 text-slate-500" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-slate-800">手机号</p>
            <p className="text-xs text-slate-500">
              {phone ? `已绑定 ${maskPhone(phone)}` : MSG.phoneUnbound}
              {unproven ? <span className="ml-1 text-amber-600">未验证</span> : null}
            </p>
          </div>
          <button type="button" onClick={() => setOpen("phone")} className={rowButton}>
            {unproven ? "验证" : phone ? "更换手机号" : "绑定手机号"}
          </button>
        </li>
        <li className="flex items-center gap-3 py-3">
          <LogOut className="size-5 shrink-0 text-slate-500" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-slate-800">登录设备</p>
            <p className="text-xs text-slate-500">退出后，此账号在所有设备上的登录都会失效（菜单中的「退出登录」也是如此）</p>
          </div>
          <button type="button" onClick={signOutEverywhere} disabled={ending} className={rowButton}>
            退出所有设备
          </button>
        </li>
      </ul>
      {open === "password" ? <PasswordDialog user={user} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open === "phone" ? (
        <PhoneDialog
          title={unproven ? "验证手机号" : phone ? "更换手机号" : "绑定手机号"}
          initialPhone={unproven && phone ? phone : ""}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
    </section>
  );
}
