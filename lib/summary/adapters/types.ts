import type { Cue } from "../extract/subtitles";

/**
 * What an adapter gives the pipeline instead of the page: a title and timed cues, plain text, or the media
 * to transcribe (a podcast episode's audio, a video's audio stream).
 */
export type AdapterSource = {
  title: string;
  cues?: Cue[];
  text?: string;
  /** Media to transcribe, with the request headers its host wants (e.g. a Referer). */
  media?: { url: string; headers?: Record<string, string> };
  /** What the source says about itself (a podcast episode's show notes, as text), given to the model as background. */
  context?: string | null;
  /** The uploader or show, and the media's length in seconds, when the platform says. */
  author?: string | null;
  duration?: number | null;
};

/** A site whose pages need more than the page itself to be summarised (e.g. video subtitles via an API). */
export type SiteAdapter = {
  name: string;
  matches: (url: string) => boolean;
  /** Throws an Error whose message is shown to the reader. */
  source: (url: string) => Promise<AdapterSource>;
};
