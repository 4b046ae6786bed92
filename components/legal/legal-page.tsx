// The frame of the 隐私政策 and 用户协议 pages: a title, the version's date, the sections in reading type.
import { Link } from "@/components/ui/link";
import type { PolicyFacts } from "@/lib/privacy/policy";

/** "2026-11-27" → "2026 年 11 月 27 日". */
export function chineseDate(isoDay: string): string {
  const [y, m, d] = isoDay.split("-").map(Number);
  return `${y} 年 ${m} 月 ${d} 日`;
}

export function LegalPage({ title, facts, children }: { title: string; facts: PolicyFacts; children: React.ReactNode }) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8 sm:py-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">
        更新日期：{chineseDate(facts.version)} · 生效日期：{chineseDate(facts.version)}
      </p>
      <div className="markdown mt-6">{children}</div>
      <p className="mt-8 flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-200 pt-4 text-sm text-slate-500">
        <Link href="/terms" className="hover:text-brand-600">用户协议</Link>
        <Link href="/privacy" className="hover:text-brand-600">隐私政策</Link>
        <Link href="/profile" className="hover:text-brand-600">我的账号（导出或注销）</Link>
        <Link href="/" className="hover:text-brand-600">返回首页</Link>
      </p>
    </article>
  );
}

/** Who runs the site and how to reach them, as both documents state it. */
export function OperatorLine({ facts }: { facts: PolicyFacts }) {
  return (
    <>
      <p>
        拾阅由<strong>{facts.operator ?? "本站运营者"}</strong>运营（下称“我们”）
        {facts.icp ? `，网站备案号：${facts.icp}` : ""}。
      </p>
      <p>
        {facts.contact ? (
          <>
            个人信息保护相关事宜的联系方式：<strong>{facts.contact}</strong>。我们会在收到请求后 15 个工作日内答复。
          </>
        ) : (
          <>运营者暂未公布联系方式。查阅、导出、更正或删除你的信息都可以在“我的账号”页自行完成，无需联系我们。</>
        )}
      </p>
    </>
  );
}
