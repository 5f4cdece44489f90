import { constants, type UploadSourceType } from "@mnemo/contracts";

/**
 * PUT of the file body to the presigned URL with the x-amz-meta-* headers (spec 2 §7). No bearer
 * token: the signature in the URL is the authorization. Resolves true when the answer is 200.
 */
export async function putFile(
  url: string,
  file: Blob,
  meta: { nameBase64: string; type: string; size: number; sourceType: UploadSourceType },
  signal?: AbortSignal,
): Promise<boolean> {
  const res = await fetch(url, {
    method: "PUT",
    body: file,
    signal,
    headers: {
      "content-type": meta.type || "application/octet-stream",
      "x-amz-meta-name_base64": meta.nameBase64,
      "x-amz-meta-type": meta.type,
      "x-amz-meta-size": String(meta.size),
      "x-amz-meta-source_type": meta.sourceType,
    },
  });
  // Read the (empty) answer to its end: an unread body is cancelled later, and the browser then
  // lists a finished upload as an aborted request.
  await res.arrayBuffer().catch(() => undefined);
  return res.status === constants.files.uploadSuccessStatus;
}
