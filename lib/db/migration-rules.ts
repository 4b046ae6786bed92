// What a migration may do so that the release before it keeps serving on the new schema during a rolling deploy
// (expand/contract, docs/deploy.md "Upgrades without downtime"), and so that it never holds a big table's writes
// for the length of an index build. Checked over every migration from ONLINE_FROM on by migration-rules.test.ts;
// the ones before were written when the site stopped for upgrades.
import { stripComments, type Migration } from "./migrate";

/** The first migration (journal index) written under these rules. */
export const ONLINE_FROM = 21;

/** Statements the previous release may still depend on: allowed only with a `-- contract: …` line saying why not. */
const CONTRACT = [
  /\bDROP\s+(TABLE|COLUMN|TYPE|VIEW)\b/i,
  /\bRENAME\b/i,
  /\bALTER\s+COLUMN\s+\S+\s+(SET\s+NOT\s+NULL|(SET\s+DATA\s+)?TYPE)\b/i,
  /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
];

export function migrationProblems(m: Pick<Migration, "tag" | "statements">, text = m.statements.join("\n")): string[] {
  const problems: string[] = [];
  const created = new Set(
    m.statements.flatMap((s) => [...stripComments(s).matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/gi)].map((x) => x[1])),
  );
  const contract = /^\s*--\s*contract:\s*\S/im.test(text);
  for (const raw of m.statements) {
    const s = stripComments(raw);
    const index = /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+(CONCURRENTLY\s+)?.*?\bON\s+(?:ONLY\s+)?"?(\w+)"?/is.exec(s);
    if (index && !index[1] && !created.has(index[2])) {
      problems.push(`${m.tag}：在已有的表 ${index[2]} 上建索引须用 CREATE INDEX CONCURRENTLY IF NOT EXISTS，单独成一个迁移`);
    }
    if (!contract && CONTRACT.some((re) => re.test(s))) {
      problems.push(`${m.tag}：「${s.slice(0, 60)}」会让上一版本出错，须在下一版本之后再做，并写明 -- contract: 原因`);
    }
  }
  return problems;
}
