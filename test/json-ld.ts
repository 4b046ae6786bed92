// JSON-LD read by a real processor (jsonld, digitalbazaar's implementation of the W3C JSON-LD 1.1 API), as a
// crawler that understands it reads our structured data: expanded in safe mode, which throws on anything it
// would drop or cannot interpret. The network is never used: schema.org's context is given locally as its
// vocabulary (every term a schema.org IRI), which is what the property names and types we write resolve to.
import jsonld from "jsonld";

export const SCHEMA = "https://schema.org/";
const SCHEMA_CONTEXT = { "@context": { "@vocab": SCHEMA } };

async function documentLoader(url: string) {
  if (/^https?:\/\/schema\.org\/?$/.test(url)) return { contextUrl: null, documentUrl: url, document: SCHEMA_CONTEXT };
  throw new Error(`no network in tests: ${url}`);
}

/** The expanded form of a JSON-LD document (one node object per top-level node). */
export function expandJsonLd(doc: unknown): Promise<Record<string, unknown>[]> {
  return jsonld.expand(doc, { documentLoader, safe: true });
}
