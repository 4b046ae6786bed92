"use client";
// The sensitive-word list: add a word (kept in the form comments are matched in), remove one.
import { useRef } from "react";
import { useAdminAction } from "../use-admin-action";

export function WordList({ words }: { words: string[] }) {
  const { run, busy } = useAdminAction();
  const form = useRef<HTMLFormElement>(null);

  async function add(data: FormData) {
    const done = await run<{ data: { word: string; added: boolean } }>({ path: "/api/admin/comment-words", json: { word: String(data.get("word") ?? "") } }, (r) => (r.data.added ? `已添加「${r.data.word}」` : `「${r.data.word}」已在词表中`));
    if (done) form.current?.reset();
  }

  return (
    <div className="mt-4 flex flex-col gap-4">
      <form ref={form} action={add} aria-label="添加敏感词" className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-xs text-slate-500">
          敏感词
          <input name="word" required maxLength={50} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm" />
        </label>
        <button type="submit" className="rounded-lg bg-brand-500 px-4 py-2 text-sm text-white hover:bg-brand-600 disabled:opacity-50" disabled={busy}>
          添加
        </button>
      </form>
      {words.length ? (
        <ul aria-label="敏感词表" className="flex flex-wrap gap-2">
          {words.map((w) => (
            <li key={w} className="flex items-center gap-1 rounded-full border border-slate-200 bg-white py-1 pr-1 pl-3 text-sm text-slate-800">
              {w}
              <button
                type="button"
                disabled={busy}
                aria-label={`移除「${w}」`}
                className="rounded-full px-2 text-slate-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
                onClick={() => run({ path: `/api/admin/comment-words?word=${encodeURIComponent(w)}`, method: "DELETE" }, `已移除「${w}」`)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">词表为空：评论不会因敏感词进入待审核</p>
      )}
    </div>
  );
}
