import type { Metadata, Viewport } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { PwaClient } from "@/components/pwa/pwa-client";
import { ToastHost } from "@/components/layout/toast-host";
import { ThemeScript } from "@/components/layout/theme-script";
import { siteUrl } from "@/lib/site";
import { THEME_COLORS } from "@/lib/theme/constants";
import "./globals.css";

// Every page reads the runtime configuration (site URL, filing number), never values baked in at build.
export const dynamic = "force-dynamic";

export const generateMetadata = (): Metadata => ({
  metadataBase: new URL(siteUrl()),
  title: { default: "拾阅 · 精选好文与 AI 搜索", template: "%s · 拾阅" },
  description: "拾阅收集微信公众号、知乎、掘金、哔哩哔哩、小红书等平台的优质短文，提供 AI 语义搜索、AI 问答和长文、视频、播客的智能总结。",
  applicationName: "拾阅",
  openGraph: { siteName: "拾阅", locale: "zh_CN", type: "website" },
  // Baidu: the same page serves phones and computers (no separate mobile site to look for).
  other: { "applicable-device": "pc,mobile" },
});

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: THEME_COLORS.light },
    { media: "(prefers-color-scheme: dark)", color: THEME_COLORS.dark },
  ],
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // data-theme is set by ThemeScript before the first paint, so the server's <html> never matches.
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <SiteHeader />
        <PwaClient />
        <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 has-[[data-wide]]:max-w-6xl">{children}</main>
        <SiteFooter />
        <ToastHost />
      </body>
    </html>
  );
}
