import { redirect } from "next/navigation";

type Props = { searchParams: Promise<{ redirect?: string | string[] }> };

// /login → /login/sms, keeping the redirect target.
export default async function LoginPage({ searchParams }: Props) {
  const target = (await searchParams).redirect;
  const value = Array.isArray(target) ? target[0] : target;
  redirect(value ? `/login/sms?redirect=${encodeURIComponent(value)}` : "/login/sms");
}
