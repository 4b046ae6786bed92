// One account in the console's list: names, masked phone, e-mail, role and state, activity counts, sign-up time
// and its actions.
import type { AdminUserRow } from "@/lib/admin/users";
import { consoleMinute } from "@/lib/admin/console-time";
import { UserActions } from "./user-actions";

export function UserItem({ user: u, selfId }: { user: AdminUserRow; selfId: number }) {
  return (
    <li data-user-id={u.id} className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-slate-500">#{u.id}</span>
        <span className="min-w-0 font-medium break-all text-slate-900">{u.account_name}</span>
        {u.display_name ? <span className="min-w-0 break-all text-sm text-slate-600">{u.display_name}</span> : null}
        {u.role === "admin" ? <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">管理员</span> : null}
        {u.disabled_at ? <span className="rounded bg-slate-800 px-1.5 py-0.5 text-xs text-white">已停用</span> : null}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>手机 {u.phone ?? "—"}</span>
        <span className="break-all">邮箱 {u.email ?? "—"}</span>
        <span>
          点赞 {u.likes_count} · 收藏 {u.favorites_count} · 总结 {u.summaries_count}
        </span>
        <span>注册时间 {consoleMinute(u.created_at)}</span>
        {u.disabled_at ? <span>停用于 {consoleMinute(u.disabled_at)}</span> : null}
      </p>
      <UserActions user={{ id: u.id, accountName: u.account_name, admin: u.role === "admin", disabled: Boolean(u.disabled_at), self: u.id === selfId }} />
    </li>
  );
}
