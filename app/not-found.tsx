import { Link } from "@/components/ui/link";

export default function NotFound() {
  return (
    <div className="py-20 text-center">
      {/* The status is part of the page's heading, not a paragraph dressed as one. */}
      <h1>
        <span className="block text-5xl font-bold text-slate-500">404</span>
        <span className="mt-4 block text-lg font-semibold text-slate-800">页面不存在或正在建设中</span>
      </h1>
      <p className="mt-2 text-sm text-slate-500">你要找的页面可能已被移除，或这一功能还没有上线。</p>
      <Link href="/" className="mt-6 inline-block rounded-full bg-brand-500 px-5 py-2 text-sm text-white hover:bg-brand-600">
        回到首页
      </Link>
    </div>
  );
}
