// /digest and /digest/{day}: a reader's digest with the note that says whose it is, the past days, and where
// to change the time or turn it off.
import { Link } from "@/components/ui/link";
import type { DigestView } from "@/lib/digest/service";
import { DigestHeader, DigestSections } from "./digest-view";
import { DigestHistory } from "./digest-history";

export function ReaderDigestPage({ digest, days }: { digest: DigestView; days: { date: string }[] }) {
  const own = digest.kind === "personal";
  return (
    <section className="flex flex-col gap-4">
      <DigestHeader digest={digest} heading={own ? "我的今日精选" : "今日精选（全站）"} />
      {own ? null : (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="digest-site-note">
          你关闭了个人精选或个性化推荐，这里显示全站精选。可以在
          <Link href="/profile#digest" className="mx-1 text-brand-600 underline">
            个人资料
          </Link>
          里重新打开。
        </p>
      )}
      <DigestSections digest={digest} />
      <DigestHistory days={days} current={digest.date} base="/digest" />
      <p className="text-xs text-slate-500">
        每天按你的兴趣和热门文章挑选；生成时间、开关和 RSS 订阅地址在
        <Link href="/profile#digest" className="mx-1 text-brand-600 underline">
          个人资料
        </Link>
        中设置。
      </p>
    </section>
  );
}
