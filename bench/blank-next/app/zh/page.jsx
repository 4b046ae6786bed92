import Link from "next/link";

// The blank page with its heading and link in Chinese (bench/lighthouse.ts scores both): on a machine whose
// CJK font loads on first use, this is what Chinese text alone costs.
export default function Page() {
  return (
    <main lang="zh-CN">
      <h1>空白的 Next.js 页面</h1>
      <Link href="/about">关于</Link>
    </main>
  );
}
