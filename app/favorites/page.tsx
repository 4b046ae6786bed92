import type { Metadata } from "next";
import { SessionExpired } from "@/components/auth/session-expired";
import { FavoritesList } from "@/components/interactions/favorites-list";
import { pageViewer } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "收藏列表", robots: { index: false } };

export default async function FavoritesPage() {
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path="/favorites" />;
  return <FavoritesList />;
}
