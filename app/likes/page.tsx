import type { Metadata } from "next";
import { SessionExpired } from "@/components/auth/session-expired";
import { LikesList } from "@/components/interactions/likes-list";
import { pageViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "点赞列表", robots: { index: false } };

export default async function LikesPage() {
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path="/likes" />;
  return <LikesList />;
}
