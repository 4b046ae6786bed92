import { headers } from "next/headers";
import { THEME_SCRIPT } from "@/lib/theme/script";

/**
 * The colour scheme decided before the first paint (lib/theme/script.ts). Inline, so it carries this
 * response's CSP nonce (proxy.ts; a page kept in memory gets the nonce swapped like Next.js's own scripts).
 */
export async function ThemeScript() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}
