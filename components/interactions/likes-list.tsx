"use client";
// The likes list (SPEC section 2): newest or oldest first, 20 a page; unliking removes the card once the
// server has confirmed it.
import { Heart, HeartOff } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { api } from "@/lib/client/api";
import { useRecords } from "@/lib/client/use-records";
import { MSG } from "@/lib/messages";
import { RecordAction, RecordArticle, RecordCard, RecordFooter, RecordStamp, type ArticleRecord } from "./record-card-parts";
import { RecordList, type SortOption } from "./record-list";

type LikesSort = "recent" | "oldest";

const SORTS: SortOption<LikesSort>[] = [
  { value: "recent", label: "最近点赞" },
  { value: "oldest", label: "最早点赞" },
];

export function LikesList() {
  const [sort, setSort] = useState<LikesSort>("recent");
  const records = useRecords<ArticleRecord>("/likes/my-likes", { sort });

  async function unlike(articleId: number) {
    try {
      await api(`/likes/${articleId}`, { method: "DELETE" });
      records.remove((r) => r.article.id === articleId);
    } catch {
      toast.error(MSG.unlikeFailed);
    }
  }

  return (
    <RecordList
      title="点赞列表"
      sorts={SORTS}
      sort={sort}
      onSort={setSort}
      records={records}
      empty={{ icon: Heart, title: "还没有点赞过文章", hint: "在首页给喜欢的文章点个赞，它们会出现在这里" }}
    >
      {(record) => <LikeCard record={record} onUnlike={unlike} />}
    </RecordList>
  );
}

/** One like: the article (its title only once taken down), when it was liked, and unlike. */
export function LikeCard({ record: { article, created_at }, onUnlike }: { record: ArticleRecord; onUnlike: (articleId: number) => Promise<void> }) {
  return (
    <RecordCard article={article}>
      <RecordArticle article={article} />
      <RecordFooter
        meta={<RecordStamp icon={Heart} verb="点赞于" iso={created_at} />}
        actions={<RecordAction icon={HeartOff} label="取消点赞" tone="danger" onClick={() => onUnlike(article.id)} />}
      />
    </RecordCard>
  );
}
