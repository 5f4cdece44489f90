/**
 * Transcription providers (ARCHITECTURE §9): one interface, one adapter for any server speaking
 * the OpenAI `audio/transcriptions` API (OpenAI, Groq, whisper.cpp's server, faster-whisper
 * servers). Nothing is configured by default: no speech model can be shipped with Mnemo.
 */
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../platform/config.ts";
import type { PieceTranscript } from "./segment.ts";

/** The provider refused or failed (its status and the start of its answer, never the key). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface TranscriptionProvider {
  /** e.g. "openai-compatible (whisper-1)", for logs and the status call. */
  readonly name: string;
  /** Transcribes one audio file on disk (streamed from disk as the request body). */
  transcribe(file: string, signal?: AbortSignal): Promise<PieceTranscript>;
}

type OpenAiSettings = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

type VerboseJson = { text?: unknown; segments?: { start?: unknown; end?: unknown; text?: unknown }[] };

/**
 * `POST {baseUrl}/audio/transcriptions` with multipart `file`, `model` and
 * `response_format=verbose_json` (timed segments); a server that refuses verbose_json (some
 * models answer only json) is asked again for plain json.
 */
export function openAiTranscriptionProvider(s: OpenAiSettings): TranscriptionProvider {
  const url = `${s.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`;
  const send = async (file: string, format: "verbose_json" | "json", signal?: AbortSignal) => {
    const form = new FormData();
    form.set("file", await fs.openAsBlob(file, { type: "audio/wav" }), path.basename(file));
    form.set("model", s.model);
    form.set("response_format", format);
    const timeout = AbortSignal.timeout(s.timeoutMs ?? 10 * 60_000);
    return fetch(url, {
      method: "POST",
      body: form,
      headers: s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {},
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  };
  return {
    name: `openai-compatible (${s.model})`,
    async transcribe(file, signal) {
      let res = await send(file, "verbose_json", signal);
      if (res.status === 400) {
        await res.body?.cancel();
        res = await send(file, "json", signal);
      }
      if (!res.ok) {
        const body = (await res.text().catch(() => "")).slice(0, 300);
        throw new ProviderError(`transcription provider answered ${res.status}: ${body}`, res.status);
      }
      const json = (await res.json().catch(() => {
        throw new ProviderError("transcription provider answered something that is not JSON");
      })) as VerboseJson;
      if (typeof json.text !== "string") throw new ProviderError("transcription provider answered no text");
      const segments = Array.isArray(json.segments)
        ? json.segments
            .filter((g) => typeof g.start === "number" && typeof g.text === "string")
            .map((g) => ({
              start: g.start as number,
              end: typeof g.end === "number" ? g.end : (g.start as number),
              text: g.text as string,
            }))
        : undefined;
      return { text: json.text, segments };
    },
  };
}

/** The provider configured by environment; undefined (transcription off) by default. */
export function transcriptionFromConfig(config: Config): TranscriptionProvider | undefined {
  if (!config.TRANSCRIPTION_BASE_URL) return undefined;
  return openAiTranscriptionProvider({
    baseUrl: config.TRANSCRIPTION_BASE_URL,
    apiKey: config.TRANSCRIPTION_API_KEY,
    model: config.TRANSCRIPTION_MODEL,
  });
}
