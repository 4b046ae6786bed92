import { jsonLdText, type JsonLd as Data } from "@/lib/seo/structured-data";

/** One structured-data block (a data block: browsers do not run it, so it needs no CSP nonce). */
export function JsonLd({ data }: { data: Data }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
