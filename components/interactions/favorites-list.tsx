"use client";
// The favourites list (SPEC section 2): newest, oldest or by title (pinyin), 20 a page; share by the
// system share sheet, else by copying the link; unfavouriting removes the card once the server confirmed. A
// taken-down article keeps its title and the unfavourite button only.
import { Bookmark, BookmarkX, Eye, Heart, Share2 } from "lucide-react";
import { shareLink } from "@/lib/client/share";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { api } from "@/lib/client/api";
import { useRecords } from "@/lib/client/use-records";
import { MSG } from "@/lib/messages";
import { RecordAction, RecordArticle, RecordCard, RecordCount, RecordFooter, RecordStamp, type ArticleRecord } from "./record-card-parts";
import { RecordList, type SortOption } from "./record-list";

type FavoritesSort = "recent" | "oldest" | "title";

const SORTS: SortOption<FavoritesSort>[] = [
  { value: "recent", label: "最近收藏" },
  { value: "oldest", label: "最早收藏" },
  { value: "title", label: "按标题" },
];

export function FavoritesList() {
  const [sort, setSort] = useState<FavoritesSort>("recent");
  const records = useRecords<ArticleRecord>("/favorites/my-favorites", { sort });

  async function unfavorite(articleId: number) {
    try {
      await api(`/favorites/${articleId}`, { method: "DELETE" });
      records.remove((r) => r.article.id === articleId);
    } catch {
      toast.error(MSG.unfavoriteFailed);
    }
  }

  return (
    <RecordList
      title="收藏列表"
      sorts={SORTS}
      sort={sort}
      onSort={setSort}
      records={records}
      empty={{ icon: Bookmark, title: "还没有收藏文章", hint: "收藏值得反复读的文章，随时回来翻阅" }}
    >
      {(record) => <FavoriteCard record={record} onUnfavorite={unfavorite} />}
    </RecordList>
  );
}

/** One favourite: title, summary, source, cover, stamp, counters, share and unfavourite (title and unfavourite only once taken down). */
export function FavoriteCard({ record: { article, created_at }, onUnfavorite }: { record: ArticleRecord; onUnfavorite: (articleId: number) => Promise<void> }) {
  return (
    <RecordCard article={article}>
      <RecordArticle article={article} />
      <RecordFooter
        meta={
          <>
            <RecordStamp icon={Bookmark} verb="收藏于" iso={created_at} />
            {article.unavailable ? null : (
              <>
                <RecordCount icon={Heart} label="点赞" value={article.like_cnt} />
                <RecordCount icon={Eye} label="浏览" value={article.view_cnt} />
              </>
            )}
          </>
        }
        actions={
          <>
            {article.unavailable ? null : (
              <RecordAction icon={Share2} label="分享" onClick={() => shareLink({ title: article.title, url: article.source_url })} />
            )}
            <RecordAction icon={BookmarkX} label="取消收藏" tone="danger" onClick={() => onUnfavorite(article.id)} />
          </>
        }
      />
    </RecordCard>
  );
}
