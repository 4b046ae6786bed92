import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { PasswordLoginForm } from "@/components/auth/password-login-form";

export const metadata: Metadata = { title: "账号密码登录", robots: { index: false } };

export default function PasswordLoginPage() {
  return (
    <AuthCard title="欢迎登录" subtitle="使用用户名、手机号或邮箱登录">
      <Suspense>
        <PasswordLoginForm />
      </Suspense>
    </AuthCard>
  );
}
