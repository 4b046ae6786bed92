import { Link } from "@/components/ui/link";
import { HumanCheckStatus } from "./human-check-status";

/** The frame of the sign-in and registration screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-sm py-6 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-center text-sm text-slate-500">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        <HumanCheckStatus />
      </div>
      <p className="mt-4 flex justify-center gap-3 text-xs text-slate-500">
        <Link href="/" className="hover:text-slate-600">返回首页</Link>
        <Link href="/terms" className="hover:text-slate-600">用户协议</Link>
        <Link href="/privacy" className="hover:text-slate-600">隐私政策</Link>
      </p>
    </div>
  );
}

export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="block">
      <span className="mb-1 block text-sm font-medium text-slate-700">{label}</span>
      {children}
    </label>
  );
}

export const inputClass =
  "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100";

export const primaryButtonClass =
  "h-11 w-full rounded-lg bg-brand-500 text-base font-medium text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60";
