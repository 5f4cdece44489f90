/**
 * Whether a sniffed MIME type (file-type's answer from a file's first bytes, never its name) is an
 * audio recording. MediaRecorder's webm and mp4, and other containers, carry audio under a video/*
 * type of their own.
 */
const AUDIO_CONTAINERS = new Set([
  "video/webm",
  "video/mp4",
  "video/ogg",
  "video/quicktime",
  "video/x-matroska",
]);

export function isAudioMime(mime: string | undefined): mime is string {
  return mime !== undefined && (mime.startsWith("audio/") || AUDIO_CONTAINERS.has(mime));
}
