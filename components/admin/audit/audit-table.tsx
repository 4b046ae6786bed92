// The audit log as a table (on a phone each row wraps into a small card): when, who, what, which object (linked
// to its console page) and the change, one "key: old → new" line per field. Read-only.
import { Link } from "@/components/ui/link";
import type { AuditRow } from "@/lib/admin/audit";
import { auditActionLabel, auditChanges, auditObjectHref, auditObjectLabel } from "@/lib/admin/audit-labels";
import { consoleSecond } from "@/lib/admin/console-time";

const th = "px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-slate-500";
const td = "align-top md:table-cell md:px-3 md:py-2";

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="block w-full text-sm md:table">
        <thead className="hidden border-b border-slate-200 bg-slate-50 md:table-header-group">
          <tr>
            <th scope="col" className={th}>时间</th>
            <th scope="col" className={th}>操作人</th>
            <th scope="col" className={th}>操作</th>
            <th scope="col" className={th}>对象</th>
            <th scope="col" className={th}>变更</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {rows.map((r) => {
            const href = auditObjectHref(r.object_type, r.object_id);
            const object = `${auditObjectLabel(r.object_type)} #${r.object_id}`;
            const changes = auditChanges(r.before, r.after);
            return (
              <tr key={r.id} data-audit-id={r.id} data-action={r.action} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-3 md:table-row md:p-0">
                <td className={`${td} whitespace-nowrap text-slate-500 tabular-nums`}>
                  <time dateTime={r.created_at}>{consoleSecond(r.created_at)}</time>
                </td>
                <td className={`${td} whitespace-nowrap text-slate-700`}>
                  {r.actor_id ? (
                    <Link href={`/admin/users?id=${r.actor_id}`} className="hover:text-brand-600">
                      {r.actor_name}
                    </Link>
                  ) : (
                    r.actor_name
                  )}
                </td>
                <td className={`${td} whitespace-nowrap text-slate-900`} title={r.action}>
                  {auditActionLabel(r.action)}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {href ? (
                    <Link href={href} className="text-brand-600 hover:underline">
                      {object}
                    </Link>
                  ) : (
                    <span className="text-slate-700">{object}</span>
                  )}
                </td>
                <td className={`${td} basis-full text-xs text-slate-600`}>
                  {changes.length ? (
                    <ul className="space-y-0.5">
                      {changes.map((c) => (
                        <li key={c.key} className="break-all">
                          <span className="text-slate-500">{c.key}:</span> <span className="text-slate-500 line-through decoration-slate-300">{c.from}</span> → <span className="text-slate-900">{c.to}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
