import type { Metadata } from "next";
import { SessionExpired } from "@/components/auth/session-expired";
import { NotificationList } from "@/components/notifications/notification-list";
import { pageViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "消息", robots: { index: false } };

export default async function NotificationsPage() {
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path="/notifications" />;
  return <NotificationList />;
}
