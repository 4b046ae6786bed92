import { Link } from "@/components/ui/link";
import { siteIcp } from "@/lib/site";

export function SiteFooter() {
  const icp = siteIcp();
  return (
    <footer className="border-t border-slate-200 bg-white py-6 text-center text-xs text-slate-500">
      <p>拾阅 · 拾起值得一读的好内容</p>
      <nav aria-label="网站信息" className="mt-1 flex justify-center gap-3">
        <Link href="/about" className="hover:text-slate-700">关于拾阅</Link>
        <Link href="/terms" className="hover:text-slate-700">用户协议</Link>
        <Link href="/privacy" className="hover:text-slate-700">隐私政策</Link>
      </nav>
      {icp ? (
        <p className="mt-1">
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" className="hover:text-slate-700">
            {icp}
          </a>
        </p>
      ) : null}
    </footer>
  );
}
