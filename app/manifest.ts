import type { MetadataRoute } from "next";
import { webAppManifest } from "@/lib/pwa/manifest";

// /manifest.webmanifest: what makes 拾阅 installable (issue 45). Linked from every page by Next.js.
export default function manifest(): MetadataRoute.Manifest {
  return webAppManifest();
}
