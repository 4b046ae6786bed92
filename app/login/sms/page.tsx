import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { SmsLoginForm } from "@/components/auth/sms-login-form";

export const metadata: Metadata = { title: "验证码登录", robots: { index: false } };

export default function SmsLoginPage() {
  return (
    <AuthCard title="欢迎登录" subtitle="手机号验证码登录，新手机号将自动注册">
      <Suspense>
        <SmsLoginForm />
      </Suspense>
    </AuthCard>
  );
}
