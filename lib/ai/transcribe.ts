import "server-only";
// Speech-to-text with the configured model (AI_TRANSCRIBE_MODEL, e.g. whisper-1, FunAudioLLM/SenseVoiceSmall).
import { timeProvider } from "@/lib/metrics";
import { toFile } from "openai";
import { getConfig } from "@/lib/config";
import { aiClient } from "./client";

export function transcribeModel(): string | null {
  const c = getConfig();
  return c.OPENAI_API_KEY && c.AI_TRANSCRIBE_MODEL ? c.AI_TRANSCRIBE_MODEL : null;
}

/** The text of an audio file; `name` carries the extension the provider uses to detect the format. */
export async function transcribe({ audio, name, signal }: { audio: Buffer; name: string; signal?: AbortSignal }): Promise<string> {
  const client = aiClient();
  const model = transcribeModel();
  if (!client || !model) throw new Error("未配置语音转写模型（AI_TRANSCRIBE_MODEL）");
  const file = await toFile(audio, name);
  const res = await timeProvider("transcription", () => client.audio.transcriptions.create({ file, model, response_format: "json" }, { signal }));
  return res.text;
}
