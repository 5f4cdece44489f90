/** Whether a file's bytes (not its name) are an audio recording: sniffed from its signature. */

/** Containers that hold audio without an audio/* MIME type of their own (MediaRecorder's webm, mp4). */
const AUDIO_CONTAINERS = new Set([
  "video/webm",
  "video/mp4",
  "video/ogg",
  "video/quicktime",
  "video/x-matroska",
]);

export async function isAudioFile(file: string): Promise<boolean> {
  // Loaded on first use: the server's start-up memory is tight.
  const { fileTypeFromFile } = await import("file-type");
  const type = await fileTypeFromFile(file).catch(() => undefined);
  if (!type) return false;
  return type.mime.startsWith("audio/") || AUDIO_CONTAINERS.has(type.mime);
}
