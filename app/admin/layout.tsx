import type { Metadata } from "next";
import { AdminNav } from "@/components/admin/admin-nav";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { countPendingComments } from "@/lib/admin/comments";
import { countPendingReview } from "@/lib/admin/review";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: { default: "运营后台", template: "%s · 运营后台 · 拾阅" }, robots: { index: false, follow: false } };

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdminPage();
  const db = await getDb();
  const [pendingReview, pendingComments] = await Promise.all([countPendingReview({ db }), countPendingComments({ db })]);
  return (
    <div data-wide className="flex flex-col gap-4 md:flex-row md:gap-6">
      <AdminNav pendingReview={pendingReview} pendingComments={pendingComments} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
