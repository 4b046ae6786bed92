"use client";

import { Moon, Sun } from "lucide-react";
import { useColorScheme } from "@/hooks/use-color-scheme";
import { chooseColorScheme, currentColorScheme } from "@/lib/theme/client";

const TO_DARK = "切换到深色模式";
const TO_LIGHT = "切换到浅色模式";

/**
 * The header's light/dark switch. Its icon and name come from CSS (`dark:`), so they are right from the
 * first paint, before hydration; the scheme itself is read when clicked.
 */
export function ThemeToggle() {
  const scheme = useColorScheme();
  return (
    <button
      type="button"
      onClick={() => chooseColorScheme(currentColorScheme() === "dark" ? "light" : "dark")}
      title={scheme ? (scheme === "dark" ? TO_LIGHT : TO_DARK) : undefined}
      className="-mx-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      data-testid="theme-toggle"
    >
      <Moon className="size-[18px] dark:hidden" aria-hidden />
      <Sun className="hidden size-[18px] dark:block" aria-hidden />
      <span className="sr-only dark:hidden">{TO_DARK}</span>
      <span className="sr-only hidden dark:inline">{TO_LIGHT}</span>
    </button>
  );
}
