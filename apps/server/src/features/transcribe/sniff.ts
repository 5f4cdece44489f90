import { isAudioMime } from "../../platform/lib/audio-type.ts";

/** Whether a file's bytes (not its name) are an audio recording: sniffed from its signature. */
export async function isAudioFile(file: string): Promise<boolean> {
  // Loaded on first use: the server's start-up memory is tight.
  const { fileTypeFromFile } = await import("file-type");
  const type = await fileTypeFromFile(file).catch(() => undefined);
  return isAudioMime(type?.mime);
}
