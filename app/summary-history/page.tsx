import type { Metadata } from "next";
import { SessionExpired } from "@/components/auth/session-expired";
import { SummaryHistoryList } from "@/components/summary/history-list";
import { pageViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "总结历史", robots: { index: false } };

export default async function SummaryHistoryPage() {
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path="/summary-history" />;
  return <SummaryHistoryList />;
}
