/**
 * A recording uploaded through the normal upload flow becomes a memory of its own: it is kept and
 * played, never decoded here (only its first bytes are read, to check it is audio). Its
 * transcript lives in the page it was recorded into (POST /api/transcribe with its source_id).
 */
import { recordingMessages } from "@mnemo/contracts";
import { isAudioMime } from "../../platform/lib/audio-type.ts";
import type { BlobStore } from "../../platform/blobs/store.ts";

const HEAD_BYTES = 4100;

/** The first bytes of a stored body (the rest is never read). */
async function readHead(blobs: BlobStore, key: string): Promise<Uint8Array | null> {
  const stream = await blobs.get(key);
  if (!stream) return null;
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of stream) {
    parts.push(part as Buffer);
    size += (part as Buffer).length;
    if (size >= HEAD_BYTES) break;
  }
  stream.destroy();
  return new Uint8Array(Buffer.concat(parts).subarray(0, HEAD_BYTES));
}

export type AudioCheck =
  { ok: true; mimeType: string; markdown: string } | { ok: false; reason: string; userMessage: string };

/** Checks a stored recording is audio by its signature and describes it for the index. */
export async function checkStoredAudio(blobs: BlobStore, key: string, name: string): Promise<AudioCheck> {
  const head = await readHead(blobs, key);
  if (!head || head.length === 0)
    return { ok: false, reason: "empty recording", userMessage: recordingMessages.emptyRecording };
  // Loaded on first use: the server's start-up memory is tight.
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!type || !isAudioMime(type.mime))
    return {
      ok: false,
      reason: `not audio (${type?.mime ?? "unknown"})`,
      userMessage: recordingMessages.notAudio,
    };
  const mimeType = type.mime.startsWith("video/") ? type.mime.replace("video/", "audio/") : type.mime;
  return { ok: true, mimeType, markdown: `Audio recording: ${name}` };
}
