// A console page's query string as its filter forms mean it: the first value of each parameter, and a field
// left empty ("全部", a blank search box or date) as no parameter at all — a GET form sends every field.
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function formParams(searchParams: PageSearchParams): Promise<Record<string, string>> {
  const entries = Object.entries(await searchParams).map(([k, v]) => [k, (Array.isArray(v) ? v[0] : v)?.trim() ?? ""] as const);
  return Object.fromEntries(entries.filter(([, v]) => v !== ""));
}
