// Site-wide facts read from the configuration and safe to show in pages.
import { getConfig } from "@/lib/config";

export const SITE_NAME = "拾阅";

export function siteUrl(): string {
  return getConfig().SITE_URL ?? `http://localhost:${getConfig().PORT}`;
}

/** The filing number (ICP 备案号) shown in the footer, if configured. */
export function siteIcp(): string | undefined {
  return getConfig().SITE_ICP;
}
