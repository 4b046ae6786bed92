import "server-only";
// YouTube videos: summarised from their captions. The watch page carries the player's data
// (`ytInitialPlayerResponse`: the video's title, author, length, playability and caption tracks); the
// chosen track (youtube-captions.ts) is read as timed cues. Videos without any captions, sign-in walls,
// consent or verification pages and removed videos fail at once with a message saying what would work:
// one request to the page, one to the track, no retry.
import { decodeBody } from "../decode";
import { safeFetch } from "../fetch";
import { assignedObject } from "./page-data";
import { parseCaptions, pickTrack, type CaptionTrack } from "./youtube-captions";
import type { AdapterSource, SiteAdapter } from "./types";

// watch?v=, youtu.be/, shorts/, embed/, live/ on www., m. and music. hosts; the id is 11 URL-safe characters.
const VIDEO =
  /^https?:\/\/(?:(?:www\.|m\.|music\.)?youtube\.com\/(?:watch\?(?:[^#]*&)?v=|shorts\/|embed\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/;

export const YOUTUBE_MESSAGES = {
  noCaptions: "这个 YouTube 视频没有字幕（包括自动生成的字幕），目前只能总结带字幕的 YouTube 视频",
  signIn: "YouTube 要求登录后才能观看这个视频（年龄限制、会员专享或人机验证），无法读取字幕；可以改用视频文件的直接链接",
  wall: "YouTube 返回了同意或验证页面，而不是视频页面，无法读取字幕；请稍后再试，或改用视频文件的直接链接",
  unplayable: (reason: string) => `YouTube 无法播放这个视频：${reason}`,
  emptyTrack: "字幕文件里没有可读的内容",
} as const;

type PlayerResponse = {
  playabilityStatus?: { status?: string; reason?: string };
  videoDetails?: { videoId?: string; title?: string; author?: string; lengthSeconds?: string };
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: CaptionTrack[] } };
};

export function youtubeVideoId(url: string): string | null {
  return VIDEO.exec(url)?.[1] ?? null;
}

export function youtubeAdapter({ base = "https://www.youtube.com" }: { base?: string } = {}): SiteAdapter {
  return {
    name: "youtube",
    matches: (url) => youtubeVideoId(url) !== null,
    async source(url): Promise<AdapterSource> {
      const id = youtubeVideoId(url)!;
      const page = await safeFetch(`${base}/watch?v=${id}&hl=zh-CN`, {
        accept: ["text/html"],
        headers: { "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" },
      });
      const player = assignedObject(decodeBody(page.body, page.contentType), "\\bytInitialPlayerResponse") as PlayerResponse | null;
      if (!player?.playabilityStatus) throw new Error(YOUTUBE_MESSAGES.wall);
      const { status, reason } = player.playabilityStatus;
      if (status === "LOGIN_REQUIRED") throw new Error(YOUTUBE_MESSAGES.signIn);
      if (status && status !== "OK") throw new Error(YOUTUBE_MESSAGES.unplayable(reason || "视频可能已被删除或设为私享"));
      const track = pickTrack(player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? []);
      if (!track) throw new Error(YOUTUBE_MESSAGES.noCaptions);
      const file = new URL(track.baseUrl, base);
      file.searchParams.set("fmt", "json3");
      const captions = await safeFetch(file, { accept: ["application/json", "text/xml", "application/xml", "text/plain"] });
      const cues = parseCaptions(captions.body.toString("utf8"));
      if (!cues.length) throw new Error(YOUTUBE_MESSAGES.emptyTrack);
      const details = player.videoDetails;
      return { title: details?.title || `YouTube 视频 ${id}`, cues, author: details?.author ?? null, duration: Number(details?.lengthSeconds) || null };
    },
  };
}
