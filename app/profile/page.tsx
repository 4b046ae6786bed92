import type { Metadata } from "next";
import { SessionExpired } from "@/components/auth/session-expired";
import { ProfileView } from "@/components/profile/profile-view";
import { toApiUser } from "@/lib/auth/serialize";
import { getStats } from "@/lib/auth/service";
import { pageViewer } from "@/lib/auth/viewer";
import { getInterests } from "@/lib/recommendations/service";
import { getDigestSettings } from "@/lib/digest/settings";

export const metadata: Metadata = { title: "我的账户", robots: { index: false } };

export default async function ProfilePage() {
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path="/profile" />;
  const [stats, interests, digest] = await Promise.all([getStats(viewer), getInterests(viewer.id), getDigestSettings(viewer)]);
  return <ProfileView user={toApiUser(viewer)} stats={stats} interests={interests} digest={digest} />;
}
