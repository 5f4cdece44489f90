import { constants, recordingMessages } from "@mnemo/contracts";

/** One of the spec's preferred formats ("webm opus") and its MediaRecorder MIME type. */
export type RecordingFormat = {
  label: (typeof constants.recording.preferredFormats)[number];
  mimeType: string;
};

/** The MediaRecorder spelling of a preferred format: "webm opus" → `audio/webm;codecs=opus`. */
function mimeTypeOf(label: string): string {
  const [container, codec] = label.split(" ");
  return codec ? `audio/${container};codecs=${codec}` : `audio/${container}`;
}

/** The first of the spec's preferred formats the browser can record, or null (basic mode). */
export function pickFormat(isTypeSupported: (mime: string) => boolean): RecordingFormat | null {
  for (const label of constants.recording.preferredFormats) {
    const f = { label, mimeType: mimeTypeOf(label) };
    try {
      if (isTypeSupported(f.mimeType)) return f;
    } catch {
      // Some browsers throw for types they do not know: not supported.
    }
  }
  return null;
}

/** File extension for a recorded MIME type (what the upload flow and the server sniff expect). */
export function extensionFor(mimeType: string): string {
  const base = mimeType.split(";")[0].trim().toLowerCase();
  const map: Record<string, string> = {
    "audio/webm": "webm",
    "video/webm": "webm",
    "audio/mp4": "m4a",
    "video/mp4": "m4a",
    "audio/mpeg": "mp3",
    "audio/ogg": "ogg",
    "audio/wav": "wav",
    "audio/wave": "wav",
    "audio/x-wav": "wav",
    "audio/aac": "aac",
  };
  return map[base] ?? "webm";
}

export type MediaProblem = { message: string; hint?: string };

/**
 * What to tell the person when the microphone cannot be opened (spec 2 §8 Recording): permission
 * refused (with the hint), no input device, or a browser without recording.
 */
export function mediaProblem(err: unknown): MediaProblem {
  const name = (err as { name?: string } | null)?.name ?? "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return { message: recordingMessages.micPermissionRequired, hint: recordingMessages.permissionHint };
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError")
    return { message: recordingMessages.noInputDevices };
  if (name === "NotSupportedError" || name === "TypeError")
    return { message: recordingMessages.browserUnsupported };
  return { message: recordingMessages.processRecordingFailed };
}

/** Whether this browser can record at all (getUserMedia and MediaRecorder). */
export function canRecord(env: { mediaDevices?: unknown; MediaRecorder?: unknown }): boolean {
  return Boolean(env.mediaDevices) && typeof env.MediaRecorder === "function";
}

/** Loudness 0–1 of a frame of time-domain samples (bytes centred on 128), for the level meter. */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) {
    const v = (s - 128) / 128;
    sum += v * v;
  }
  // RMS of speech sits around 0.05–0.3; scale so normal speech fills most of the meter.
  return Math.min(1, Math.sqrt(sum / samples.length) * 3);
}

/** The recording's file name: "Meeting recording 2026-11-24 14-05.webm" (ASCII, as uploads require). */
export function recordingFileName(startedAt: Date, mimeType: string): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const d = startedAt;
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}-${pad(d.getMinutes())}`;
  return `Meeting recording ${stamp}.${extensionFor(mimeType)}`;
}
