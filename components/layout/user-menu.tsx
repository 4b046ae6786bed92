"use client";

import { ChevronDown } from "lucide-react";
import { Link } from "@/components/ui/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { needsLogin } from "@/lib/auth/guards";
import { signOut } from "@/lib/client/sign-out";

const ITEMS = [
  { href: "/profile", label: "我的账户" },
  { href: "/likes", label: "点赞列表" },
  { href: "/favorites", label: "收藏列表" },
  { href: "/history", label: "浏览历史" },
  { href: "/summary-history", label: "总结历史" },
];
/** Shown to operators only (the console answers 404 to everyone else). */
const ADMIN_ITEM = { href: "/admin", label: "运营后台" };

/** The signed-in header menu: opens on hover, and on tap/click for touch screens and keyboards. */
export function UserMenu({ name, avatarUrl, isAdmin = false }: { name: string; avatarUrl: string | null; isAdmin?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const pointer = useRef<string>("");
  const router = useRouter();
  const pathname = usePathname();

  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  async function logout() {
    setOpen(false);
    await signOut();
    if (needsLogin(pathname)) router.replace("/");
    router.refresh();
  }

  return (
    <div ref={ref} className="relative shrink-0" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${name}的账户菜单`}
        onPointerDown={(e) => (pointer.current = e.pointerType)}
        // A mouse already opened it by hovering: a click keeps it open. Touch and keyboard toggle it.
        onClick={() => setOpen((o) => (pointer.current === "mouse" ? true : !o))}
        className="flex items-center gap-1 rounded-full p-0.5 hover:bg-slate-100"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a 32px avatar, user-provided or the default SVG */}
        <img src={avatarUrl || "/assets/default-avatar.svg"} alt="" width={32} height={32} className="size-8 rounded-full bg-slate-200 object-cover" />
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </button>
      {open ? (
        <div role="menu" className="absolute top-full right-0 z-40 w-40 pt-2">
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
            <p className="truncate border-b border-slate-100 px-4 py-2 text-xs text-slate-500">{name}</p>
            {[...ITEMS, ...(isAdmin ? [ADMIN_ITEM] : [])].map((item) => (
              <Link key={item.href} href={item.href} role="menuitem" onClick={() => setOpen(false)} className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50">
                {item.label}
              </Link>
            ))}
            <button type="button" role="menuitem" onClick={logout} className="block w-full border-t border-slate-100 px-4 py-2 text-left text-sm text-red-600 hover:bg-red-50">
              退出登录
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
