import { useSyncExternalStore } from "react";
import { currentColorScheme } from "@/lib/theme/client";
import type { ColorScheme } from "@/lib/theme/constants";

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

/**
 * The scheme the page shows (light or dark), updated when the toggle, the system or another tab changes
 * it; null while hydrating, when the server's HTML (which never carries a scheme) is being matched.
 */
export function useColorScheme(): ColorScheme | null {
  return useSyncExternalStore(subscribe, currentColorScheme, () => null);
}
