import "server-only";
// The console's pages exist for operators only: anyone else (visitors, readers, a disabled operator) gets
// the site's ordinary 404 page, so the console does not reveal itself. The layout and every page ask.
import { notFound } from "next/navigation";
import { pageViewer } from "@/lib/auth/viewer";
import type { User } from "@/lib/db/schema";

export async function requireAdminPage(): Promise<User> {
  const user = await pageViewer();
  if (user?.role !== "admin") notFound();
  return user;
}
