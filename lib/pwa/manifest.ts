import type { MetadataRoute } from "next";
import { THEME_COLORS } from "@/lib/theme/constants";

/** The page background of each scheme (slate-50 in globals.css), shown on the splash screen. */
const BACKGROUND = { light: "#f8fafc", dark: "#0d1320" } as const;

type Manifest = MetadataRoute.Manifest & {
  /** Chromium's per-scheme colours (the manifest's `theme_color` is the light scheme's). */
  user_preferences?: { color_scheme_dark: { theme_color: string; background_color: string } };
};

const icon = (size: number, purpose: "any" | "maskable") => ({
  src: `/icons/${purpose === "any" ? "icon" : "maskable"}-${size}.png`,
  sizes: `${size}x${size}`,
  type: "image/png",
  purpose,
});
const shortcutIcon = (name: string) => [{ src: `/icons/shortcut-${name}.png`, sizes: "96x96", type: "image/png" }];

/**
 * The web app manifest: a Chinese name, the icons Chromium, Android and iOS ask for (192 and 512, plain and
 * maskable; iOS's 180 px one is app/apple-icon's link), both schemes' colours, and shortcuts to 搜索, 我的收藏 and
 * 今日精选 (the last two ask a visitor to sign in first, as the pages do).
 */
export function webAppManifest(): Manifest {
  return {
    id: "/",
    name: "拾阅 · 精选好文与 AI 搜索",
    short_name: "拾阅",
    description: "拾阅收集各平台的优质短文，提供 AI 语义搜索、AI 问答和长文、视频、播客的智能总结；收藏和读过的文章离线也能读。",
    lang: "zh-CN",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLORS.light,
    background_color: BACKGROUND.light,
    user_preferences: { color_scheme_dark: { theme_color: THEME_COLORS.dark, background_color: BACKGROUND.dark } },
    categories: ["news", "books", "education"],
    icons: [icon(192, "any"), icon(512, "any"), icon(192, "maskable"), icon(512, "maskable")],
    shortcuts: [
      { name: "搜索", short_name: "搜索", description: "AI 搜索优质内容", url: "/#search", icons: shortcutIcon("search") },
      { name: "我的收藏", short_name: "收藏", description: "收藏的文章，离线也能读", url: "/favorites", icons: shortcutIcon("favorites") },
      { name: "今日精选", short_name: "精选", description: "为你挑选的今日好文", url: "/digest", icons: shortcutIcon("digest") },
    ],
  };
}
