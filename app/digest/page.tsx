import type { Metadata } from "next";
import { SessionExpired } from "@/components/auth/session-expired";
import { ReaderDigestPage } from "@/components/digest/reader-digest-page";
import { pageViewer } from "@/lib/auth/viewer";
import { getDb } from "@/lib/db";
import type { User } from "@/lib/db/schema";
import { DigestBusyError, readerHistory, todaysDigest, type DigestView } from "@/lib/digest/service";

export const metadata: Metadata = { title: "今日精选", robots: { index: false } };

/** Today's digest, or the busy message when another worker is still writing it. */
async function today(viewer: User): Promise<DigestView | string> {
  try {
    return await todaysDigest(await getDb(), viewer);
  } catch (err) {
    if (err instanceof DigestBusyError) return err.message;
    throw err;
  }
}

export default async function DigestPage() {
  const viewer = await pageViewer();
  if (!viewer) return <SessionExpired path="/digest" />;
  const digest = await today(viewer);
  if (typeof digest === "string") return <p className="py-20 text-center text-sm text-slate-500">{digest}</p>;
  return <ReaderDigestPage digest={digest} days={await readerHistory(await getDb(), viewer.id)} />;
}
