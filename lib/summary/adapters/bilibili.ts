import "server-only";
// Bilibili videos: the page itself carries no subtitles, so the adapter asks Bilibili's public web API —
// the video's title and first part (x/web-interface/view), its subtitle list (x/player/wbi/v2), then the
// subtitle file (JSON with body [{ from, to, content }]) — and hands the pipeline timed cues.
import type { Cue } from "../extract/subtitles";
import { safeFetch } from "../fetch";
import type { AdapterSource, SiteAdapter } from "./types";

const VIDEO = /^https?:\/\/(?:www\.|m\.)?bilibili\.com\/video\/(BV[0-9A-Za-z]{10})/;

type View = { code: number; message?: string; data?: { title: string; cid: number; pages?: { cid: number; part: string }[] } };
type Player = { code: number; data?: { subtitle?: { subtitles?: { lan: string; subtitle_url: string }[] } } };
type SubtitleFile = { body?: { from: number; to: number; content: string }[] };

export function bilibiliAdapter({ apiBase = "https://api.bilibili.com" }: { apiBase?: string } = {}): SiteAdapter {
  const json = async <T>(url: string): Promise<T> => JSON.parse((await safeFetch(url, { accept: ["application/json", "text/plain"] })).body.toString("utf8")) as T;
  return {
    name: "bilibili",
    matches: (url) => VIDEO.test(url),
    async source(url): Promise<AdapterSource> {
      const bvid = VIDEO.exec(url)![1];
      const page = Number(new URL(url).searchParams.get("p") ?? "1");
      const view = await json<View>(`${apiBase}/x/web-interface/view?bvid=${bvid}`);
      if (view.code !== 0 || !view.data) throw new Error(`哔哩哔哩没有返回视频信息：${view.message ?? view.code}`);
      const part = view.data.pages?.[page - 1];
      const cid = part?.cid ?? view.data.cid;
      const player = await json<Player>(`${apiBase}/x/player/wbi/v2?bvid=${bvid}&cid=${cid}`);
      const tracks = player.data?.subtitle?.subtitles ?? [];
      const track = tracks.find((t) => t.lan.startsWith("zh")) ?? tracks.find((t) => !t.lan.startsWith("ai-")) ?? tracks[0];
      if (!track) throw new Error("这个视频没有公开字幕，暂时无法总结");
      // Subtitle URLs come protocol-relative ("//aisubtitle.hdslb.com/…"): they take the API's https.
      const subtitleUrl = new URL(track.subtitle_url, apiBase).toString();
      const file = await json<SubtitleFile>(subtitleUrl);
      const cues: Cue[] = (file.body ?? []).map((c) => ({ start: c.from, end: c.to, text: c.content.trim() })).filter((c) => c.text);
      if (!cues.length) throw new Error("字幕文件里没有可读的内容");
      const title = part && view.data.pages!.length > 1 ? `${view.data.title}（P${page} ${part.part}）` : view.data.title;
      return { title, cues };
    },
  };
}
