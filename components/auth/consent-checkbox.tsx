"use client";
// The 用户协议与隐私政策 box of registration and code sign-in (个人信息保护法 article 14: consent given before the
// phone number is collected). Unticked by default; the documents open in a new tab so the form keeps what was typed.

const linkClass = "text-brand-600 underline underline-offset-2";

export function ConsentCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start gap-2 text-sm leading-6 text-slate-600">
      <input
        id="agree-terms"
        type="checkbox"
        name="agree_terms"
        aria-label="我已阅读并同意《用户协议》和《隐私政策》"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 size-4 shrink-0 accent-brand-500"
      />
      <span>
        <label htmlFor="agree-terms">我已阅读并同意</label>
        <a href="/terms" target="_blank" rel="noopener" className={linkClass}>
          《用户协议》
        </a>
        和
        <a href="/privacy" target="_blank" rel="noopener" className={linkClass}>
          《隐私政策》
        </a>
      </span>
    </div>
  );
}
