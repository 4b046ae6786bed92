import "server-only";
// The one OpenAI-compatible client (the `openai` SDK): base URL and key from the configuration, a
// request timeout, and the SDK's retries with exponential backoff on connection errors, 408, 409, 429
// and 5xx. Null when no key is configured: callers then use the local engine.
import OpenAI from "openai";
import { getConfig } from "@/lib/config";

const g = globalThis as typeof globalThis & { __shiyueAi?: { key: string; client: OpenAI } };

export const AI_TIMEOUT_MS = 60_000;
export const AI_MAX_RETRIES = 2;

export function aiClient(): OpenAI | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL } = getConfig();
  if (!OPENAI_API_KEY) return null;
  const key = `${OPENAI_BASE_URL ?? ""}\n${OPENAI_API_KEY}`;
  if (g.__shiyueAi?.key !== key) {
    const client = new OpenAI({ apiKey: OPENAI_API_KEY, baseURL: OPENAI_BASE_URL, timeout: AI_TIMEOUT_MS, maxRetries: AI_MAX_RETRIES });
    g.__shiyueAi = { key, client };
  }
  return g.__shiyueAi.client;
}
