"use client";

import { Search } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/** The header's search box: Enter searches the feed; an empty box goes back to the full list. */
export function SearchBox() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const current = pathname === "/" ? (params.get("q") ?? "") : "";
  const [value, setValue] = useState(current);
  const [shown, setShown] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  // The installed app's 搜索 shortcut opens /#search: the box is ready to type in.
  useEffect(() => {
    if (location.hash === "#search") input.current?.focus();
  }, []);
  if (current !== shown) {
    // The URL changed (back button, a link): show its keyword.
    setShown(current);
    setValue(current);
  }

  function submit(keyword: string) {
    const q = keyword.trim();
    router.push(q ? `/?q=${encodeURIComponent(q)}` : "/");
  }

  return (
    <form
      role="search"
      aria-label="搜索文章"
      className="relative min-w-0 flex-1"
      onSubmit={(e) => {
        e.preventDefault();
        submit(value);
      }}
    >
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500 sm:left-3" aria-hidden />
      <input
        ref={input}
        type="search"
        name="q"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (!e.target.value && current) submit("");
        }}
        placeholder="AI 搜索优质内容"
        aria-label="搜索文章"
        enterKeyHint="search"
        maxLength={100}
        className="h-9 w-full rounded-full border border-slate-200 bg-slate-100 pr-2 pl-8 text-sm text-ellipsis outline-none placeholder:text-slate-400 focus:border-brand-500 focus:bg-white sm:pr-3 sm:pl-9"
      />
    </form>
  );
}
