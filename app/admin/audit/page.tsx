import type { Metadata } from "next";
import { AdminPager } from "@/components/admin/admin-pager";
import { AuditFilters } from "@/components/admin/audit/audit-filters";
import { AuditTable } from "@/components/admin/audit/audit-table";
import { listAudit } from "@/lib/admin/audit";
import { auditListQuery } from "@/lib/admin/audit-schema";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { getDb } from "@/lib/db";
import { formParams, type PageSearchParams } from "@/lib/admin/form-params";

export const metadata: Metadata = { title: "操作记录" };


export default async function AdminAuditPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdminPage();
  const raw: Record<string, string | undefined> = await formParams(searchParams);
  const parsed = auditListQuery.safeParse(raw);
  const header = (
    <>
      <h1 className="text-xl font-semibold text-slate-900">操作记录</h1>
      <p className="mt-1 text-sm text-slate-500">后台和命令行的每一次操作都记录在这里，只能查看，不能修改或删除。</p>
      <AuditFilters values={raw} />
    </>
  );
  if (!parsed.success) {
    return (
      <section>
        {header}
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          筛选条件有误：{parsed.error.issues[0]?.message}
        </p>
      </section>
    );
  }
  const { page, limit, action, object_type, object_id, actor, from, to } = parsed.data;
  const list = await listAudit({ db: await getDb(), filter: { action, objectType: object_type, objectId: object_id, actor, from, to }, page, limit });
  return (
    <section>
      {header}
      {list.items.length ? (
        <AuditTable rows={list.items} />
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">没有符合条件的操作记录</p>
      )}
      <AdminPager page={page} limit={limit} total={list.total} params={{ ...raw, page: undefined }} path="/admin/audit" />
    </section>
  );
}
