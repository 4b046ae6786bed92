import "server-only";
// IP 属地 of a comment (《互联网用户账号信息管理规定》第十二条): the province for an address in mainland China,
// the region for 香港/澳门/台湾, the country elsewhere, from ip2region's offline databases shipped in
// node_modules (IPv4 and IPv6; no network call). Loaded on first use (about 11 MB). Unknown, private and
// reserved addresses have no 属地 (null); so does everything when the operator turns it off
// (COMMENTS_IP_REGION=false).
import { createRequire } from "node:module";
import { getConfig } from "@/lib/config";

type Lookup = { search(address: string): { country: string; province: string; city: string; isp: string } | null };

let lookup: Lookup | null | undefined;

function open(): Lookup | null {
  if (lookup !== undefined) return lookup;
  try {
    const load = createRequire(import.meta.url);
    const { default: IP2Region } = load("ip2region") as { default: new () => Lookup };
    lookup = new IP2Region();
  } catch {
    lookup = null; // the databases are missing: no 属地 rather than no comments
  }
  return lookup;
}

/** Mainland provinces and regions as readers know them: 广东省 → 广东, 广西壮族自治区 → 广西, 北京市 → 北京. */
export function shortRegion(name: string): string {
  return name.replace(/(维吾尔自治区|壮族自治区|回族自治区|自治区|特别行政区|省|市)$/, "");
}

const SPECIAL = new Set(["香港", "澳门", "台湾"]);

/** The 属地 shown beside a comment from `address`, or null. */
export function ipRegion(address: string): string | null {
  if (!getConfig().COMMENTS_IP_REGION) return null;
  let found: ReturnType<Lookup["search"]>;
  try {
    found = open()?.search(address) ?? null;
  } catch {
    return null; // not an address the databases can read
  }
  if (!found) return null;
  const country = found.country.trim();
  const province = shortRegion(found.province.trim());
  if (country === "中国") {
    if (province && province !== "0") return province;
    return null;
  }
  if (SPECIAL.has(shortRegion(country))) return shortRegion(country);
  return country && country !== "0" ? country : null;
}
