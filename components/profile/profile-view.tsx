"use client";

import { Bookmark, Eye, Heart, MessageCircle, Pencil } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import type { ApiUser } from "@/lib/auth/serialize";
import { api, errorText } from "@/lib/client/api";
import { storeUser } from "@/lib/client/session";
import { formatChineseDate } from "@/lib/format";
import { MSG } from "@/lib/messages";
import { maskPhone } from "./mask-phone";
import { DigestCard, type DigestSettings } from "./digest-card";
import { InterestsCard, type Interests } from "./interests-card";
import { MyDataCard } from "./my-data-card";
import { OfflineCard } from "./offline-card";
import { PushCard } from "./push-card";
import { SecurityCard } from "./security-card";

type Stats = { likes_count: number; favorites_count: number; comments_count: number; read_count: number };
type Draft = { display_name: string; email: string; bio: string };

const draftOf = (u: ApiUser): Draft => ({ display_name: u.display_name ?? "", email: u.email ?? "", bio: u.bio ?? "" });

export function ProfileView({ user: initial, stats, interests, digest }: { user: ApiUser; stats: Stats; interests: Interests; digest: DigestSettings }) {
  const [user, setUser] = useState(initial);
  const [mode, setMode] = useState<"view" | "edit" | "saving">("view");
  const [draft, setDraft] = useState<Draft>(draftOf(initial));
  const editing = mode !== "view";
  const registered = user.created_at ? formatChineseDate(Date.parse(user.created_at) / 1000) : MSG.unknown;

  async function save() {
    setMode("saving");
    try {
      const updated = await api<ApiUser>("/users/me", { method: "PUT", json: draft });
      const merged = { ...user, ...updated };
      setUser(merged);
      setDraft(draftOf(merged));
      storeUser(merged);
      setMode("view");
      toast.success("资料已保存");
    } catch (err) {
      toast.error(errorText(err, MSG.saveFailed));
      setMode("edit");
    }
  }

  function cancel() {
    setDraft(draftOf(user));
    setMode("view");
  }

  const input = "mt-1 h-10 w-full rounded-lg border border-slate-300 px-3 text-sm outline-none focus:border-brand-500 disabled:border-transparent disabled:bg-slate-50 disabled:px-0 disabled:text-slate-800";

  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex items-center gap-4">
          <button type="button" onClick={() => toast.info(MSG.avatarInDevelopment)} className="shrink-0 rounded-full" aria-label="更换头像">
            {/* eslint-disable-next-line @next/next/no-img-element -- the user's avatar or the default SVG */}
            <img src={user.avatar_url || "/assets/default-avatar.svg"} alt="" width={64} height={64} className="size-16 rounded-full bg-slate-200 object-cover" />
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-bold text-slate-900">{user.display_name || user.account_name}</h1>
            <p className="text-sm text-slate-500">注册于 {registered}</p>
          </div>
          {editing ? (
            <div className="flex shrink-0 gap-2">
              <button type="button" onClick={cancel} disabled={mode === "saving"} className="rounded-full border border-slate-300 px-4 py-1.5 text-sm text-slate-600 hover:bg-slate-50">
                取消
              </button>
              <button type="button" onClick={save} disabled={mode === "saving"} className="rounded-full bg-brand-500 px-4 py-1.5 text-sm text-white hover:bg-brand-600 disabled:opacity-60">
                {mode === "saving" ? "保存中…" : "保存"}
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => setMode("edit")} className="flex shrink-0 items-center gap-1 rounded-full border border-slate-300 px-4 py-1.5 text-sm text-slate-600 hover:bg-slate-50">
              <Pencil className="size-3.5" aria-hidden />
              编辑资料
            </button>
          )}
        </div>

        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          {/* What cannot be edited here is a definition list; the editable fields follow it, in the same grid. */}
          <dl className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">账户名</dt>
              <dd className="mt-1 text-sm text-slate-800">{user.account_name}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">手机号</dt>
              <dd className="mt-1 text-sm text-slate-800">{user.phone_number ? maskPhone(user.phone_number) : MSG.phoneUnbound}</dd>
            </div>
          </dl>
          <label className="block">
            <span className="text-xs text-slate-500">昵称</span>
            <input value={draft.display_name} disabled={!editing} maxLength={32} onChange={(e) => setDraft({ ...draft, display_name: e.target.value })} className={input} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-500">邮箱</span>
            <input type="email" value={draft.email} disabled={!editing} placeholder={editing ? "name@example.com" : "未填写"} onChange={(e) => setDraft({ ...draft, email: e.target.value })} className={input} />
          </label>
          <label className="block sm:col-span-2">
            <span className="text-xs text-slate-500">个人简介</span>
            <textarea
              value={draft.bio}
              disabled={!editing}
              maxLength={500}
              rows={3}
              placeholder={editing ? "介绍一下自己" : "这个人很懒，什么都没写"}
              onChange={(e) => setDraft({ ...draft, bio: e.target.value })}
              className="mt-1 w-full rounded-lg border border-slate-300 p-3 text-sm outline-none focus:border-brand-500 disabled:border-transparent disabled:bg-slate-50 disabled:px-0"
            />
          </label>
        </div>
      </section>

      <section aria-label="我的数据">
        <dl className="grid grid-cols-4 gap-2">
          {[
            { label: "点赞", value: stats.likes_count, icon: Heart },
            { label: "收藏", value: stats.favorites_count, icon: Bookmark },
            { label: "评论", value: stats.comments_count, icon: MessageCircle },
            { label: "阅读", value: stats.read_count, icon: Eye },
          ].map(({ label, value, icon: Icon }) => (
            // The name comes first for a screen reader ("点赞 3"); the figure is shown above it.
            <div key={label} className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd>
                <Icon className="mx-auto size-4 text-brand-500" aria-hidden />
                <span className="mt-1 block text-lg font-bold text-slate-900">{value}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <InterestsCard initial={interests} />
      <DigestCard initial={digest} />
      <PushCard />
      <OfflineCard />

      <SecurityCard user={user} onChange={setUser} />

      <MyDataCard user={user} />
    </div>
  );
}
