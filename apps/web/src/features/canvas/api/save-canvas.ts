import { canvasMessages, constants } from "@mnemo/contracts";
import { CANVAS_MAX_BYTES, canvasServerReasons, zCanvasConflictDetails } from "@mnemo/contracts/canvas";
import { ApiError } from "@/lib/api";
import { confirmUpload, getPresignedUrl, nameToBase64 } from "@/features/upload";

const reasons = canvasMessages.saveFailureReasons;

/** A failed save, with the spec's message ('Failed to save canvas: {reason}'). */
export class CanvasSaveError extends Error {}

/** Another tab or window saved first: the stored version is `currentVersion`. */
export class CanvasConflictError extends CanvasSaveError {
  constructor(readonly currentVersion: number) {
    super(canvasMessages.saveFailed({ reason: canvasServerReasons.conflict }));
  }
}

const failed = (reason: string) => new CanvasSaveError(canvasMessages.saveFailed({ reason }));

/** The server's own 'Failed to save canvas: …' (too large), else the stage's reason. */
const fromServer = (err: unknown, reason: string) =>
  err instanceof ApiError && err.message.startsWith(canvasMessages.saveFailed({ reason: "" }))
    ? new CanvasSaveError(err.message)
    : failed(reason);

async function put(url: string, body: Blob, name: string, sourceType: "file" | "image"): Promise<number> {
  const res = await fetch(url, {
    method: "PUT",
    body,
    headers: {
      "content-type": body.type,
      "x-amz-meta-name_base64": nameToBase64(name),
      "x-amz-meta-type": body.type,
      "x-amz-meta-size": String(body.size),
      "x-amz-meta-source_type": sourceType,
    },
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

/** Uploads the PNG screenshot; any failure is tolerated (spec 3 §8) and answers undefined. */
async function uploadScreenshot(fileId: string, title: string, png: Blob | null) {
  if (!png) return undefined;
  try {
    const name = `${title}.${constants.editors.canvasScreenshotFormat}`;
    const loc = await getPresignedUrl({
      fileType: constants.editors.canvasScreenshotFormat,
      file_id: fileId,
      canvas_data_type: "canvas_screenshot",
      metadata: { name_base64: nameToBase64(name), type: "image/png", size: png.size, source_type: "image" },
    });
    const status = await put(loc.presigned_url, png, name, "image");
    return status === constants.files.uploadSuccessStatus ? loc.file_key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Saves a canvas through the presigned flow (spec 3 §7): the document as `{title}.txt`
 * (canvas_data_type canvas), its PNG screenshot (canvas_screenshot), then confirm with file_type
 * canvas, the version the editor started from and, for a new canvas made in a collection, that
 * collection. Resolves the id and the version now stored.
 */
export async function saveCanvas(input: {
  id: string | null;
  title: string;
  baseVersion: number | null;
  document: string;
  screenshot: () => Promise<Blob | null>;
  /** The collection a new canvas is saved into (its first save only). */
  collectionId?: string | null;
}): Promise<{ id: string; contentVersion: number }> {
  const doc = new Blob([input.document], { type: "application/json" });
  if (doc.size > CANVAS_MAX_BYTES)
    throw failed(canvasServerReasons.tooLarge({ limitMb: CANVAS_MAX_BYTES / (1024 * 1024) }));
  const name = `${input.title}${constants.editors.canvasTitleFileExtension}`;
  const loc = await getPresignedUrl({
    fileType: "txt",
    file_id: input.id ?? undefined,
    canvas_data_type: "canvas",
    metadata: { name_base64: nameToBase64(name), type: doc.type, size: doc.size, source_type: "file" },
  }).catch((err: unknown) => {
    throw fromServer(err, reasons.uploadUrls);
  });
  const status = await put(loc.presigned_url, doc, name, "file").catch(() => {
    throw failed(reasons.fileUpload);
  });
  if (status !== constants.files.uploadSuccessStatus) throw failed(reasons.uploadStatus({ status }));
  const screenshotKey = await uploadScreenshot(
    loc.file_id,
    input.title,
    await input.screenshot().catch(() => null),
  );
  try {
    const saved = await confirmUpload({
      file_id: loc.file_id,
      upload_status: "success",
      file_type: "canvas",
      is_reindex: input.id !== null,
      collections: input.id === null && input.collectionId ? [input.collectionId] : [],
      canvas_key: loc.file_key,
      screenshot_key: screenshotKey,
      base_version: input.baseVersion ?? undefined,
    });
    return { id: saved.id, contentVersion: saved.content_version ?? 0 };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      const details = zCanvasConflictDetails.safeParse(err.details);
      if (details.success) throw new CanvasConflictError(details.data.current_version);
    }
    throw fromServer(err, reasons.verify);
  }
}
