/**
 * Pure parts of cutting a long recording into pieces a provider accepts and joining their
 * transcripts back with timestamps. The I/O (ffmpeg, files, HTTP) lives in ffmpeg.ts and service.ts.
 */
import type { TranscriptSegment } from "@mnemo/contracts";

/** Bytes per second of the pieces ffmpeg writes: 16 kHz, mono, 16-bit PCM WAV. */
export const WAV_BYTES_PER_SECOND = 16_000 * 2;
/**
 * Where the samples start in a RIFF/WAVE file: the offset just past the `data` chunk header,
 * found by walking the chunks of the first bytes (ffmpeg may write a LIST chunk before it).
 * Undefined when the head is not a WAV header.
 */
export function wavDataOffset(head: Uint8Array): number | undefined {
  const ascii = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  if (head.length < 12 || ascii(0) !== "RIFF" || ascii(8) !== "WAVE") return undefined;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let at = 12;
  while (at + 8 <= head.length) {
    const id = ascii(at);
    const size = view.getUint32(at + 4, true);
    if (id === "data") return at + 8;
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/** A piece of the recording: where it starts in the whole and how long it is (seconds). */
export type Piece = { index: number; offset: number; duration: number };

/**
 * Start offsets of consecutive WAV pieces from their sizes: each piece's real length (not the
 * requested one: the segment muxer cuts on packet boundaries) is its sample bytes over the rate.
 */
export function piecesFromWav(files: readonly { size: number; dataOffset: number }[]): Piece[] {
  let offset = 0;
  return files.map(({ size, dataOffset }, index) => {
    const duration = Math.max(0, size - dataOffset) / WAV_BYTES_PER_SECOND;
    const piece = { index, offset, duration };
    offset += duration;
    return piece;
  });
}

/** What the provider answered for one piece: its text and, when it gives them, timed segments. */
export type PieceTranscript = { text: string; segments?: TranscriptSegment[] };

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The timed segments of the whole recording: each piece's segments shifted by the piece's
 * offset; a piece without segments counts as one segment spanning the piece. Empty text is dropped.
 */
export function joinPieces(
  pieces: readonly Piece[],
  transcripts: readonly PieceTranscript[],
): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  pieces.forEach((piece, i) => {
    const t = transcripts[i];
    if (!t) return;
    const timed = t.segments?.filter((s) => clean(s.text));
    if (timed && timed.length) {
      for (const s of timed)
        out.push({
          start: round(piece.offset + Math.max(0, s.start)),
          end: round(piece.offset + Math.min(Math.max(s.end, s.start), piece.duration || s.end)),
          text: clean(s.text),
        });
    } else if (clean(t.text)) {
      out.push({
        start: round(piece.offset),
        end: round(piece.offset + piece.duration),
        text: clean(t.text),
      });
    }
  });
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** `[mm:ss]` (to the nearest second), or `[h:mm:ss]` from one hour on. */
export function formatTimestamp(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `[${h}:${mm}:${ss}]` : `[${mm}:${ss}]`;
}

/** The transcript text: one `[mm:ss] text` line per segment. */
export function transcriptText(segments: readonly TranscriptSegment[]): string {
  return segments.map((s) => `${formatTimestamp(s.start)} ${s.text}`).join("\n");
}

/** Runs `task` over `items` with at most `limit` at a time; results keep the items' order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
