import "server-only";
// Text embeddings from the configured model (AI_EMBEDDING_MODEL), returned unit-length so that cosine
// similarity is a dot product. Inputs go in batches; the answer's `index` puts vectors back in order.
import { timeProvider } from "@/lib/metrics";
import { getConfig } from "@/lib/config";
import { aiClient } from "./client";

const BATCH = 16;

/** The embedding model when one is configured (a key and AI_EMBEDDING_MODEL), else null. */
export function embeddingModel(): string | null {
  const c = getConfig();
  return c.OPENAI_API_KEY && c.AI_EMBEDDING_MODEL ? c.AI_EMBEDDING_MODEL : null;
}

export function normalize(vector: number[]): number[] {
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}

export async function embedTexts(
  texts: string[],
  opts: { signal?: AbortSignal; timeoutMs?: number; maxRetries?: number } = {},
): Promise<number[][]> {
  const client = aiClient();
  const model = embeddingModel();
  if (!client || !model) throw new Error("未配置向量模型（AI_EMBEDDING_MODEL）");
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    const input = texts.slice(i, i + BATCH);
    const res = await timeProvider("embedding", () =>
      client.embeddings.create(
        { model, input, encoding_format: "float" },
        {
          signal: opts.signal,
          ...(opts.timeoutMs !== undefined && { timeout: opts.timeoutMs }),
          ...(opts.maxRetries !== undefined && { maxRetries: opts.maxRetries }),
        },
      ),
    );
    const vectors = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    if (vectors.length !== input.length || vectors.some((v) => !Array.isArray(v) || !v.length || v.length !== vectors[0].length)) {
      throw new Error(`向量模型返回了 ${vectors.length} 个结果，应为 ${input.length} 个等长向量`);
    }
    out.push(...vectors.map(normalize));
  }
  if (out.length && out.some((v) => v.length !== out[0].length)) throw new Error("向量模型返回的维度不一致");
  return out;
}
