import type { PlatformContext } from "../../platform/context.ts";
import type { TranscriptionProvider } from "./provider.ts";
import { modelsFromConfig } from "../answering/index.ts";
import type { TranscribeDeps } from "./service.ts";

/** What the transcription service's dependencies are built from. */
export type TranscribeContext = Pick<PlatformContext, "config" | "database" | "blobs" | "log"> & {
  transcription?: TranscriptionProvider;
};

/** The largest recording accepted (bytes): TRANSCRIPTION_LIMIT_MB, else UPLOAD_LIMIT_MB. */
export const transcribeLimitBytes = (config: PlatformContext["config"]) =>
  (config.TRANSCRIPTION_LIMIT_MB ?? config.UPLOAD_LIMIT_MB) * 1024 * 1024;

/** The service's dependencies, from the one context built at start-up. */
export function transcribeDeps(ctx: TranscribeContext): TranscribeDeps {
  const config = ctx.config;
  // The first configured language model writes summaries and titles (loaded on first use).
  const model = modelsFromConfig(config)[0]?.model;
  return {
    provider: ctx.transcription,
    languageModel: () => model,
    ffmpegPath: config.FFMPEG_PATH,
    segmentSeconds: config.TRANSCRIPTION_SEGMENT_SECONDS,
    concurrency: config.TRANSCRIPTION_CONCURRENCY,
    limitBytes: transcribeLimitBytes(config),
    db: ctx.database.db,
    blobs: ctx.blobs,
    log: ctx.log,
  };
}
