import { constants, endpoints, type ConfirmUploadInput, type GetPresignedUrlInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

const toBase64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

/**
 * Keeps a recording as a memory of its own through the normal upload flow (spec 2 §7: get an
 * upload location, PUT with the x-amz-meta-* headers, confirm). The upload feature's copy of these
 * calls cannot be imported here: it sits above pages, which embed the recorder.
 */
export async function uploadRecording(
  audio: Blob,
  name: string,
  opts: { collectionId?: string; signal?: AbortSignal } = {},
): Promise<{ sourceId: string }> {
  const type = audio.type.split(";")[0] || "audio/webm";
  const ext = name.split(".").pop() ?? "webm";
  const nameBase64 = toBase64(name);
  const located = await api.request(endpoints.uploads.getPresignedUrl, {
    body: {
      fileType: ext,
      metadata: { name_base64: nameBase64, type, size: audio.size, source_type: "file" },
    } satisfies GetPresignedUrlInput,
    signal: opts.signal,
  });
  const put = await fetch(located.presigned_url, {
    method: "PUT",
    body: audio,
    signal: opts.signal,
    headers: {
      "content-type": type,
      "x-amz-meta-name_base64": nameBase64,
      "x-amz-meta-type": type,
      "x-amz-meta-size": String(audio.size),
      "x-amz-meta-source_type": "file",
    },
  });
  await put.arrayBuffer().catch(() => undefined);
  const stored = put.status === constants.files.uploadSuccessStatus;
  const confirmed = await api.request(endpoints.uploads.confirmUpload, {
    body: {
      file_id: located.file_id,
      upload_status: stored ? "success" : "failed",
      file_type: ext,
      is_reindex: false,
      collections: opts.collectionId ? [opts.collectionId] : [],
    } satisfies ConfirmUploadInput,
    signal: opts.signal,
  });
  return { sourceId: confirmed.id };
}
