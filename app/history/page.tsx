import type { Metadata } from "next";
import { SessionExpired } from "@/components/auth/session-expired";
import { HistoryList } from "@/components/interactions/history-list";
import { pageViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "浏览历史", robots: { index: false } };

export default async function HistoryPage() {
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path="/history" />;
  return <HistoryList />;
}
