// Parses the demo articles' format: a block of `key: value` lines between `---` lines, then markdown.

export type FrontMatterDoc = { meta: Record<string, string>; body: string };

export function parseFrontMatter(text: string): FrontMatterDoc {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error("缺少 front matter（文件须以 --- 开头）");
  const meta: Record<string, string> = {};
  for (const line of m[1].split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const i = line.indexOf(":");
    if (i <= 0) throw new Error(`无法解析的 front matter 行：${line}`);
    meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { meta, body: m[2].trim() };
}
