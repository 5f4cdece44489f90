/**
 * Cuts a recording into 16 kHz mono WAV pieces with the system's ffmpeg (a child process: the
 * audio is streamed from disk to disk, never held in this process's memory).
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { piecesFromWav, wavDataOffset, type Piece } from "./segment.ts";

/** ffmpeg could not read the input as audio (not audio, corrupt, or no audio stream). */
export class NotAudioError extends Error {}
/** The ffmpeg program is missing. */
export class FfmpegMissingError extends Error {}

export type WavPiece = Piece & { file: string };

const STDERR_KEEP = 2000;

/** Runs ffmpeg with `args`; rejects with the tail of its error output when it fails. */
function runFfmpeg(ffmpegPath: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ["ignore", "ignore", "pipe"], signal });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (d: string) => {
      stderr = (stderr + d).slice(-STDERR_KEEP);
    });
    child.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") reject(new FfmpegMissingError(`ffmpeg was not found (${ffmpegPath}).`));
      else reject(err);
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new NotAudioError(stderr.trim() || `ffmpeg exited with ${code}`));
    });
  });
}

/**
 * Converts `input` to WAV pieces of about `segmentSeconds` each in `outDir`, and returns them in
 * order with their real offsets and durations (read from the WAV files ffmpeg wrote).
 */
export async function splitToWavPieces(
  ffmpegPath: string,
  input: string,
  outDir: string,
  segmentSeconds: number,
  signal?: AbortSignal,
): Promise<WavPiece[]> {
  await fs.mkdir(outDir, { recursive: true });
  // -vn: a video container's picture is dropped; -map 0:a:0 fails (not audio) without an audio stream.
  await runFfmpeg(
    ffmpegPath,
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", "-i", input],
      ...["-map", "0:a:0", "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le"],
      ...["-f", "segment", "-segment_time", String(segmentSeconds), "-reset_timestamps", "1"],
      path.join(outDir, "piece-%05d.wav"),
    ],
    signal,
  );
  const names = (await fs.readdir(outDir)).filter((n) => /^piece-\d{5}\.wav$/.test(n)).sort();
  const files: { file: string; size: number; dataOffset: number }[] = [];
  for (const name of names) {
    const file = path.join(outDir, name);
    const handle = await fs.open(file, "r");
    try {
      const head = new Uint8Array(4096);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const { size } = await handle.stat();
      const dataOffset = wavDataOffset(head.subarray(0, bytesRead));
      if (dataOffset === undefined) throw new NotAudioError(`ffmpeg wrote an unreadable piece (${name}).`);
      files.push({ file, size, dataOffset });
    } finally {
      await handle.close();
    }
  }
  return piecesFromWav(files).map((p, i) => ({ ...p, file: files[i].file }));
}
