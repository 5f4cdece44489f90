import type { EmbeddingModel } from "ai";
import type { Config } from "../../platform/config.ts";

export type EmbedOptions = {
  signal?: AbortSignal;
  /** Retries per provider call (default 2). */ maxRetries?: number;
};

/** Turns texts into dense vectors (unit length, so cosine similarity is a dot product). */
export interface EmbeddingsProvider {
  /** Stable identity of the vector space, e.g. "openai-compatible:nomic-embed-text"; stored per row. */
  readonly id: string;
  /** Vector size when known in advance (EMBEDDINGS_DIMENSIONS), else learnt from the first answer. */
  readonly dimensions: number | undefined;
  embed(texts: string[], opts?: EmbedOptions): Promise<number[][]>;
}

/** Scales a vector to unit length (a zero vector stays zero). */
export function normalize(v: number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm > 0 ? v.map((x) => x / norm) : v.map(() => 0);
}

/** Texts per provider call; OpenAI accepts 2,048 inputs, local servers often far fewer. */
export const EMBED_BATCH = 64;

/**
 * An EmbeddingsProvider over any AI SDK embedding model. The AI SDK and the provider package load
 * with the first texts to embed (`loadModel` runs once), not with the server.
 */
export function aiSdkEmbeddings(
  id: string,
  loadModel: () => Promise<EmbeddingModel>,
  dimensions?: number,
  providerOptions?: Record<string, Record<string, number>>,
): EmbeddingsProvider {
  let model: Promise<EmbeddingModel> | undefined;
  return {
    id,
    dimensions,
    async embed(texts, opts = {}) {
      const { embedMany } = await import("ai");
      model ??= loadModel();
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const { embeddings } = await embedMany({
          model: await model,
          values: texts.slice(i, i + EMBED_BATCH),
          abortSignal: opts.signal,
          maxRetries: opts.maxRetries ?? 2,
          providerOptions,
        });
        for (const e of embeddings) out.push(normalize(e));
      }
      return out;
    },
  };
}

/**
 * The embeddings provider configured by environment, or undefined (the default): nothing is
 * created and nothing downloads without EMBEDDINGS_MODEL and a provider to serve it.
 */
export function embeddingsFromConfig(config: Config): EmbeddingsProvider | undefined {
  const modelId = config.EMBEDDINGS_MODEL?.trim();
  if (!modelId) return undefined;
  const kind =
    config.EMBEDDINGS_PROVIDER ??
    (config.OPENAI_COMPATIBLE_BASE_URL ? "openai-compatible" : config.OPENAI_API_KEY ? "openai" : undefined);
  const dims = config.EMBEDDINGS_DIMENSIONS;
  if (kind === "openai-compatible") {
    if (!config.OPENAI_COMPATIBLE_BASE_URL) return undefined;
    const name = "openai_compatible";
    const baseURL = config.OPENAI_COMPATIBLE_BASE_URL;
    const apiKey = config.OPENAI_COMPATIBLE_API_KEY;
    return aiSdkEmbeddings(
      `openai-compatible:${modelId}${dims ? `@${dims}` : ""}`,
      async () => {
        const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
        return createOpenAICompatible({ name, baseURL, apiKey }).embeddingModel(modelId);
      },
      dims,
      dims ? { [name]: { dimensions: dims } } : undefined,
    );
  }
  if (kind === "openai") {
    if (!config.OPENAI_API_KEY) return undefined;
    const { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseURL } = config;
    return aiSdkEmbeddings(
      `openai:${modelId}${dims ? `@${dims}` : ""}`,
      async () => {
        const { createOpenAI } = await import("@ai-sdk/openai");
        return createOpenAI({ apiKey, baseURL }).embeddingModel(modelId);
      },
      dims,
      dims ? { openai: { dimensions: dims } } : undefined,
    );
  }
  return undefined;
}
