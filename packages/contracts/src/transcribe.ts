import { z } from "zod";

/**
 * Transcription (spec 2 §7 Transcribe, spec 3 §7): `POST /api/transcribe`, multipart field `audio`
 * (or `source_id`, an audio memory already uploaded through the normal upload flow), bearer token;
 * answers transcript, summary, title (spec 2 §3 Transcript: content, summary, generatedTitle).
 */

/** The multipart body (documentation: the server streams it): a recording, or an audio memory's id. */
export const zTranscribeMultipart = z.object({
  audio: z.string().optional().describe("the recording (binary file part)"),
  source_id: z.string().optional().describe("an audio memory already uploaded, instead of audio"),
});

/** One timed piece of the transcript, in seconds from the start of the recording. */
export const zTranscriptSegment = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof zTranscriptSegment>;

export const zTranscribeResponse = z.object({
  /** The whole transcript, one `[hh:mm:ss] text` line per timed segment. */
  transcript: z.string(),
  summary: z.string(),
  title: z.string(),
  segments: z.array(zTranscriptSegment),
  duration_seconds: z.number(),
  /** `empty_transcript` when nothing was heard ('No transcript found.'). */
  warning: z.string().nullable(),
  /** The audio memory transcribed, when the call named one. */
  source_id: z.string().nullable(),
});
export type TranscribeResponse = z.infer<typeof zTranscribeResponse>;

/** Whether a transcription provider is configured (the UI says so plainly when it is not). */
export const zTranscribeStatus = z.object({
  configured: z.boolean(),
  /** Why transcription is unavailable; null when configured. */
  reason: z.string().nullable(),
  /** Largest recording accepted, in MB. */
  limit_mb: z.number(),
});
export type TranscribeStatus = z.infer<typeof zTranscribeStatus>;

/** Audio file extensions Mnemo keeps as recordings (MediaRecorder's formats and common uploads). */
export const audioUploadExtensions = [
  "webm",
  "weba",
  "ogg",
  "oga",
  "opus",
  "mp3",
  "m4a",
  "wav",
  "aac",
] as const;
