// The part of jsonld (digitalbazaar's JSON-LD processor; it ships no types) that the tests use.
declare module "jsonld" {
  type RemoteDocument = { contextUrl: string | null; documentUrl: string; document: unknown };
  type Options = { documentLoader?: (url: string) => Promise<RemoteDocument>; safe?: boolean };
  const jsonld: { expand(input: unknown, options?: Options): Promise<Record<string, unknown>[]> };
  export default jsonld;
}
