import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Library, Search, Sparkles } from "lucide-react";

export const metadata: Metadata = {
  title: "关于拾阅",
  description: "拾阅汇集各大平台的优质短文，用 AI 搜索帮你找到想读的内容，并把长文、视频和播客总结成要点。",
  alternates: { canonical: "/about" },
};

const FEATURES = [
  { icon: Search, title: "智能搜索", text: "中文分词全文检索，配置模型后还能理解语义：换个说法，也能找到想读的那篇。" },
  { icon: Library, title: "精选内容", text: "从微信公众号、知乎、掘金、哔哩哔哩、小红书等平台拾起值得一读的短文，来源、作者一目了然。" },
  { icon: Sparkles, title: "AI 内容总结", text: "贴上长文、视频或播客链接，速览、详细、知识点、分镜四种方式，几分钟读懂一小时的内容。" },
];

export default function AboutPage() {
  return (
    <div className="space-y-8 py-4">
      <section className="rounded-2xl bg-gradient-to-br from-brand-500 to-brand-700 px-6 py-12 text-center text-white shadow-sm dark:from-brand-100 dark:to-brand-50 dark:text-slate-900">
        <h1 className="text-3xl font-bold tracking-wide">拾阅</h1>
        <p className="mt-3 text-lg">拾起值得一读的好内容</p>
        <p className="mx-auto mt-2 max-w-md text-sm text-white/80 dark:text-slate-700">精选好文、AI 搜索与智能总结，让阅读更省时，也更有收获。</p>
        <Link href="/" className="mt-6 inline-block rounded-full bg-white px-6 py-2 text-sm font-medium text-brand-600 hover:bg-brand-50">
          开始阅读
        </Link>
      </section>
      <section className="grid gap-4 sm:grid-cols-3" aria-label="产品特色">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <Icon className="size-6 text-brand-500" aria-hidden />
            <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
          </div>
        ))}
      </section>
      <div className="text-center">
        <Link href="/" className="inline-block rounded-full border border-brand-500 px-6 py-2 text-sm text-brand-600 hover:bg-brand-50">
          回到首页，看看今天的精选
        </Link>
      </div>
    </div>
  );
}
