import type { Metadata } from "next";
import { CommentTabs } from "@/components/admin/comments/comment-tabs";
import { WordList } from "@/components/admin/comments/word-list";
import { countPendingComments, listWords } from "@/lib/admin/comments";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "敏感词 · 评论" };

export default async function AdminCommentWordsPage() {
  await requireAdminPage();
  const db = await getDb();
  const [words, pending] = await Promise.all([listWords(db), countPendingComments({ db })]);
  return (
    <section>
      <h1 className="text-xl font-semibold text-slate-900">评论</h1>
      <CommentTabs current="words" pending={pending} />
      <p className="mt-3 text-sm text-slate-500">
        含有词表中任何一个词的评论（忽略全角半角、大小写、空格和标点）不会直接显示，而是进入待审核，由运营人员决定通过或删除；评论不会被静默丢弃。
      </p>
      <WordList words={words.items.map((w) => w.word)} />
    </section>
  );
}
