"use client";
// The console's actions on one account: disable (confirmed) / enable, and give / take the admin role. An
// operator's own row offers neither disabling nor revoking (the API refuses both).
import { useAdminAction } from "../use-admin-action";

type Props = { user: { id: number; accountName: string; admin: boolean; disabled: boolean; self: boolean } };

const button = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50";
const changed = (done: string, already: string) => (r: { data: { changed: boolean } }) => (r.data.changed ? done : already);

export function UserActions({ user: u }: Props) {
  const { run, busy } = useAdminAction();
  const path = `/api/admin/users/${u.id}`;

  async function disable() {
    if (!window.confirm(`确定停用账号「${u.accountName}」吗？该账号将立即退出登录，之后无法登录和调用任何接口，直到重新启用。`)) return;
    await run({ path: `${path}/disable` }, changed("已停用账号", "账号已经是停用状态"));
  }

  if (u.self) return <p className="text-xs text-slate-500">这是你自己的账号</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {u.disabled ? (
        <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/enable` }, changed("已启用账号", "账号已经是启用状态"))}>
          启用
        </button>
      ) : (
        <button type="button" className={`${button} text-red-600 hover:bg-red-50`} disabled={busy} onClick={disable}>
          停用
        </button>
      )}
      {u.admin ? (
        <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/role`, json: { role: "user" } }, changed("已撤销管理员权限", "该账号已不是管理员"))}>
          撤销管理员
        </button>
      ) : (
        <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/role`, json: { role: "admin" } }, changed("已设为管理员", "该账号已经是管理员"))}>
          设为管理员
        </button>
      )}
    </div>
  );
}
