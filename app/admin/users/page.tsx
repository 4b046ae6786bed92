import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { AdminPager } from "@/components/admin/admin-pager";
import { UserItem } from "@/components/admin/users/user-item";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { listUsers } from "@/lib/admin/users";
import { userListQuery, type UserListQuery } from "@/lib/admin/users-schema";
import { getDb } from "@/lib/db";
import { formParams, type PageSearchParams } from "@/lib/admin/form-params";

export const metadata: Metadata = { title: "用户" };


const field = "rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm";

export default async function AdminUsersPage({ searchParams }: { searchParams: PageSearchParams }) {
  const me = await requireAdminPage();
  const raw: Record<string, string | undefined> = await formParams(searchParams);
  const parsed = userListQuery.safeParse(raw);
  const filtered = Boolean(raw.q || raw.role || raw.disabled || raw.id);
  return (
    <section>
      <h1 className="text-xl font-semibold text-slate-900">用户</h1>
      <form method="get" action="/admin/users" role="search" aria-label="查找用户" className="mt-4 flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-xs text-slate-500">
          搜索
          <input name="q" type="search" defaultValue={raw.q ?? ""} maxLength={100} placeholder="账户名、昵称、邮箱或手机号" className={field} />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-500">
          角色
          <select name="role" defaultValue={raw.role ?? ""} className={field}>
            <option value="">全部</option>
            <option value="admin">管理员</option>
            <option value="user">普通用户</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-500">
          状态
          <select name="disabled" defaultValue={raw.disabled ?? ""} className={field}>
            <option value="">全部</option>
            <option value="false">正常</option>
            <option value="true">已停用</option>
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-brand-500 px-4 py-2 text-sm text-white hover:bg-brand-600">
          搜索
        </button>
        {filtered ? (
          <Link href="/admin/users" className="px-2 py-2 text-sm text-slate-500 hover:text-slate-700">
            清除
          </Link>
        ) : null}
      </form>
      {parsed.success ? <UserList query={parsed.data} raw={raw} selfId={me.id} /> : (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          搜索条件有误：{parsed.error.issues[0]?.message}
        </p>
      )}
    </section>
  );
}

async function UserList({ query, raw, selfId }: { query: UserListQuery; raw: Record<string, string | undefined>; selfId: number }) {
  const { q, role, disabled, id, page, limit } = query;
  const list = await listUsers({ db: await getDb(), q, role, disabled, id, page, limit });
  return (
    <>
      {list.items.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.items.map((u) => (
            <UserItem key={u.id} user={u} selfId={selfId} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">没有找到符合条件的用户</p>
      )}
      <AdminPager page={page} limit={limit} total={list.total} params={{ ...raw, page: undefined }} path="/admin/users" />
    </>
  );
}
