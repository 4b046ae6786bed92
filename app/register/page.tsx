import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "用户注册", robots: { index: false } };

export default function RegisterPage() {
  return (
    <AuthCard title="用户注册" subtitle="注册后可点赞、收藏、记录阅读历史">
      <Suspense>
        <RegisterForm />
      </Suspense>
    </AuthCard>
  );
}
