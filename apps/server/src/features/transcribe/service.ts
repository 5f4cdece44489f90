/**
 * Transcription of a recording (spec 2 §7 Transcribe): the audio, on disk, is checked, cut into
 * pieces the provider accepts (ffmpeg), sent with bounded concurrency, joined with timestamps,
 * and digested into a summary and a title. The caller keeps the audio whatever happens here.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import type { LanguageModel } from "ai";
import { constants, recordingMessages, type TranscribeResponse } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import type { BlobStore } from "../../platform/blobs/store.ts";
import * as blobsRepo from "../../platform/blobs/repo.ts";
import { authorizeSource } from "../../core/sources/access.ts";
import { AppError, validation } from "../../platform/lib/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { splitToWavPieces, NotAudioError, FfmpegMissingError, type WavPiece } from "./ffmpeg.ts";
import { ProviderError, type TranscriptionProvider } from "./provider.ts";
import { joinPieces, mapBounded, transcriptText, type PieceTranscript } from "./segment.ts";
import { modelDigest, offlineDigest, type TranscriptDigest } from "./summary.ts";
import { isAudioFile } from "./sniff.ts";
import type { TranscriptionQuota } from "../../core/plans/transcription-quota.ts";

export type TranscribeDeps = {
  /** Undefined: no provider configured (the recording is kept; the UI says so). */
  provider?: TranscriptionProvider;
  /** The configured language model for summary and title; undefined: offline digest. */
  languageModel?: () => LanguageModel | undefined;
  ffmpegPath: string;
  segmentSeconds: number;
  concurrency: number;
  limitBytes: number;
  db: Db;
  blobs: BlobStore;
  log: Logger;
};

/** Pieces shorter than this are not sent (a provider may refuse audio too short to decode). */
const MIN_PIECE_SECONDS = 0.5;

export const notConfigured = () => new AppError("upstream", recordingMessages.notConfigured, undefined, 503);

/** Refuses what cannot be a recording before any work: empty, over the limit, not audio. */
export async function checkAudioFile(deps: Pick<TranscribeDeps, "limitBytes">, file: string): Promise<void> {
  const { size } = await fs.stat(file);
  if (size === 0) throw validation(recordingMessages.emptyRecording);
  if (size > deps.limitBytes)
    throw new AppError(
      "validation",
      recordingMessages.tooLarge({ limitMb: Math.round(deps.limitBytes / 1024 / 1024) }),
      undefined,
      413,
    );
  if (!(await isAudioFile(file))) throw validation(recordingMessages.notAudio);
}

/** Copies an audio memory the actor may read into `dir` (streamed), returning the file's path. */
export async function fetchAudioMemory(deps: TranscribeDeps, actor: Actor, sourceId: string, dir: string) {
  await authorizeSource(deps.db, actor, sourceId, "read");
  const stored = await blobsRepo.findBlobBySource(deps.db, sourceId);
  const stream = stored && (await deps.blobs.get(stored.key));
  if (!stored || !stream) throw validation(recordingMessages.notAudio);
  if (stored.size > deps.limitBytes)
    throw new AppError(
      "validation",
      recordingMessages.tooLarge({ limitMb: Math.round(deps.limitBytes / 1024 / 1024) }),
      undefined,
      413,
    );
  const file = path.join(dir, "memory-audio");
  await pipeline(stream, createWriteStream(file));
  return file;
}

/** Transcribes the recording at `file` (working files go to `dir`, which the caller removes). */
export async function transcribeFile(
  deps: TranscribeDeps,
  file: string,
  dir: string,
  opts: { sourceId?: string | null; signal?: AbortSignal; quota?: TranscriptionQuota } = {},
): Promise<TranscribeResponse> {
  await checkAudioFile(deps, file);
  const provider = deps.provider;
  if (!provider) throw notConfigured();
  const controller = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;

  let pieces: WavPiece[];
  try {
    pieces = await splitToWavPieces(
      deps.ffmpegPath,
      file,
      path.join(dir, "pieces"),
      deps.segmentSeconds,
      signal,
    );
  } catch (err) {
    if (err instanceof NotAudioError) {
      deps.log.info({ reason: err.message.slice(0, 300) }, "recording could not be decoded");
      throw validation(recordingMessages.notAudio);
    }
    if (err instanceof FfmpegMissingError) {
      deps.log.error({ err: err.message }, "ffmpeg missing: recordings cannot be transcribed");
      throw new AppError("internal", recordingMessages.processRecordingFailed);
    }
    throw err;
  }
  const duration = pieces.reduce((a, p) => a + p.duration, 0);
  // The plan's daily minutes: refused before anything is sent (the recording is kept by the caller).
  await opts.quota?.check(duration);
  // The segment muxer may leave a last piece of a few milliseconds (codec padding): nothing to hear.
  for (const p of pieces) if (p.duration < MIN_PIECE_SECONDS) await fs.rm(p.file, { force: true });
  pieces = pieces.filter((p) => p.duration >= MIN_PIECE_SECONDS);
  let transcripts: PieceTranscript[];
  try {
    transcripts = await mapBounded(pieces, deps.concurrency, async (piece) => {
      try {
        return await provider.transcribe(piece.file, signal);
      } finally {
        await fs.rm(piece.file, { force: true });
      }
    });
  } catch (err) {
    controller.abort();
    const status = err instanceof ProviderError ? err.status : undefined;
    deps.log.warn({ provider: provider.name, status, err: (err as Error).message }, "transcription failed");
    throw new AppError("upstream", recordingMessages.transcriptionFailed, undefined, 502);
  }
  await opts.quota?.count(duration);
  const segments = joinPieces(pieces, transcripts);
  const base = {
    segments,
    duration_seconds: Math.round(duration * 100) / 100,
    source_id: opts.sourceId ?? null,
  };
  if (segments.length === 0)
    return {
      ...base,
      transcript: "",
      summary: "",
      title: "",
      warning: constants.links.emptyTranscriptWarning,
    };
  const plain = segments.map((s) => s.text).join(" ");
  const digest = await digestOf(deps, plain, opts.signal);
  return { ...base, transcript: transcriptText(segments), ...digest, warning: null };
}

async function digestOf(deps: TranscribeDeps, text: string, signal?: AbortSignal): Promise<TranscriptDigest> {
  const model = deps.languageModel?.();
  if (model) {
    try {
      return await modelDigest(model, text, signal);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, "summary by the language model failed; offline summary");
    }
  }
  return offlineDigest(text);
}
