import type { Cue } from "../extract/subtitles";

/**
 * What an adapter gives the pipeline instead of the page: a title and timed cues, plain text, or the media
 * to transcribe (a podcast episode's audio, a video's audio stream).
 */
export type AdapterSource = { title: string; cues?: Cue[]; text?: string; media?: { url: string } };

/** A site whose pages need more than the page itself to be summarised (e.g. video subtitles via an API). */
export type SiteAdapter = {
  name: string;
  matches: (url: string) => boolean;
  /** Throws an Error whose message is shown to the reader. */
  source: (url: string) => Promise<AdapterSource>;
};
