import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SessionExpired } from "@/components/auth/session-expired";
import { ReaderDigestPage } from "@/components/digest/reader-digest-page";
import { pageViewer } from "@/lib/auth/viewer";
import { getDb } from "@/lib/db";
import { day } from "@/lib/digest/schema";
import { readerDigestOn, readerHistory } from "@/lib/digest/service";

export const metadata: Metadata = { title: "往期精选", robots: { index: false } };

export default async function PastDigestPage({ params }: { params: Promise<{ date: string }> }) {
  const { date } = await params;
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path={`/digest/${date}`} />;
  if (!day.safeParse(date).success) notFound();
  const db = await getDb();
  const digest = await readerDigestOn(db, viewer, date);
  if (!digest) notFound();
  return <ReaderDigestPage digest={digest} days={await readerHistory(db, viewer.id)} />;
}
