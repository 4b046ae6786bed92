// The chat panel's frame while its code loads (same size as the panel, so nothing jumps). Rendered on the
// server and handed to the loader, so its markup costs the home page's JavaScript nothing.
export function ChatPanelSkeleton() {
  return (
    <div
      className="flex h-[calc(100dvh-13rem)] max-h-[56rem] min-h-[26rem] items-center justify-center rounded-xl border border-slate-200 bg-white text-sm text-slate-500 shadow-sm"
      aria-busy="true"
    >
      AI 助手加载中…
    </div>
  );
}
