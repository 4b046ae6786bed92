"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { api } from "@/lib/client/api";
import { MSG } from "@/lib/messages";
import { Field, inputClass, primaryButtonClass } from "./auth-card";
import { useAuthSubmit, useWithRedirect } from "./use-auth-success";

export function PasswordLoginForm() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const { busy, submit: signIn } = useAuthSubmit({ formatError: MSG.loginFormatError, failure: MSG.loginFailed });
  const withRedirect = useWithRedirect();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) return void toast.error(MSG.accountRequired);
    await signIn(() => api("/auth/login", { form: { username: username.trim(), password } }));
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="账户名">
        <input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="用户名 / 手机号 / 邮箱"
          className={inputClass}
        />
      </Field>
      <Field label="密码">
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="请输入密码"
          className={inputClass}
        />
      </Field>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? "登录中…" : "登录"}
      </button>
      <div className="flex justify-between text-sm">
        <Link href={withRedirect("/login/sms")} className="text-brand-600 hover:underline">
          验证码登录
        </Link>
        <Link href="/register" className="text-slate-500 hover:text-brand-600">
          还没有账号？立即注册
        </Link>
      </div>
    </form>
  );
}
