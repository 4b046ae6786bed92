// The audit log's filters: a GET form, so a filtered view is a link.
import { Link } from "@/components/ui/link";
import { AUDIT_ACTION_LABELS, AUDIT_OBJECT_LABELS } from "@/lib/admin/audit-labels";

const field = "rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm";
const label = "flex flex-col gap-1 text-xs text-slate-500";

/** The actions grouped by the object they act on ("user.disable" under "user"). */
const GROUPS = Object.entries(AUDIT_OBJECT_LABELS).map(([type, name]) => ({
  type,
  name,
  actions: Object.entries(AUDIT_ACTION_LABELS).filter(([action]) => action.startsWith(`${type}.`)),
}));

export function AuditFilters({ values }: { values: Record<string, string | undefined> }) {
  const known = !values.action || values.action in AUDIT_ACTION_LABELS || values.action in AUDIT_OBJECT_LABELS;
  const filtered = ["action", "object_type", "object_id", "actor", "from", "to"].some((k) => values[k]);
  return (
    <form method="get" action="/admin/audit" className="mt-4 grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
      <label className={`${label} col-span-2`}>
        操作类型
        <select name="action" defaultValue={values.action ?? ""} className={field}>
          <option value="">全部操作</option>
          {known ? null : <option value={values.action}>{values.action}</option>}
          {GROUPS.map((g) => (
            <optgroup key={g.type} label={g.name}>
              <option value={g.type}>全部{g.name}操作</option>
              {g.actions.map(([action, name]) => (
                <option key={action} value={action}>
                  {name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className={label}>
        对象类型
        <select name="object_type" defaultValue={values.object_type ?? ""} className={field}>
          <option value="">全部</option>
          {Object.entries(AUDIT_OBJECT_LABELS).map(([type, name]) => (
            <option key={type} value={type}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        对象编号
        <input name="object_id" defaultValue={values.object_id ?? ""} maxLength={64} inputMode="numeric" className={`${field} w-full sm:w-24`} />
      </label>
      <label className={`${label} col-span-2 sm:col-span-1`}>
        操作人
        <input name="actor" defaultValue={values.actor ?? ""} maxLength={100} placeholder="账户名或“命令行”" className={field} />
      </label>
      <label className={label}>
        从
        <input name="from" type="date" defaultValue={values.from ?? ""} className={field} />
      </label>
      <label className={label}>
        到
        <input name="to" type="date" defaultValue={values.to ?? ""} className={field} />
      </label>
      <div className="col-span-2 flex gap-2">
        <button type="submit" className="rounded-lg bg-brand-500 px-4 py-2 text-sm text-white hover:bg-brand-600">
          筛选
        </button>
        {filtered ? (
          <Link href="/admin/audit" className="px-2 py-2 text-sm text-slate-500 hover:text-slate-700">
            清除
          </Link>
        ) : null}
      </div>
    </form>
  );
}
