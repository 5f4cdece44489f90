/**
 * Reads the multipart body of POST /api/transcribe as a stream (Hono's parser would buffer it):
 * the `audio` file goes straight to disk under a byte limit; `source_id` names an audio memory.
 */
import { createWriteStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError, validation } from "../../platform/lib/errors.ts";
import { recordingMessages } from "@mnemo/contracts";

export type TranscribeUpload = { file?: string; sourceId?: string };

const tooLarge = (limitBytes: number) =>
  new AppError(
    "validation",
    recordingMessages.tooLarge({ limitMb: Math.round(limitBytes / 1024 / 1024) }),
    undefined,
    413,
  );

export async function readTranscribeUpload(
  req: Request,
  dir: string,
  limitBytes: number,
): Promise<TranscribeUpload> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !req.body)
    throw validation("Send the recording as multipart/form-data with the field audio.");
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limitBytes + 64 * 1024) throw tooLarge(limitBytes);
  const { default: Busboy } = await import("busboy");
  const out: TranscribeUpload = {};
  const writes: Promise<void>[] = [];
  let over = false;
  await new Promise<void>((resolve, reject) => {
    let bb;
    try {
      bb = Busboy({
        headers: { "content-type": type },
        limits: { files: 1, fields: 4, fieldSize: 200, fileSize: limitBytes, parts: 6 },
      });
    } catch {
      reject(validation("Send the recording as multipart/form-data with the field audio."));
      return;
    }
    bb.on("file", (name, stream) => {
      if (name !== "audio" || out.file) {
        stream.resume();
        return;
      }
      const file = path.join(dir, "upload-audio");
      out.file = file;
      stream.on("limit", () => {
        over = true;
      });
      writes.push(pipeline(stream, createWriteStream(file)));
    });
    bb.on("field", (name, value) => {
      if (name === "source_id") out.sourceId = value.trim();
    });
    bb.on("error", () => reject(validation("The multipart body could not be read.")));
    bb.on("close", () => resolve());
    Readable.fromWeb(req.body as never)
      .on("error", () => reject(validation("The upload was interrupted.")))
      .pipe(bb);
  });
  await Promise.all(writes);
  if (over) throw tooLarge(limitBytes);
  if (!out.file && !out.sourceId) throw validation("Send the recording in the multipart field audio.");
  return out;
}
