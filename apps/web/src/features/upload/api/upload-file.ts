import { confirmUpload } from "./confirm-upload";
import { getPresignedUrl } from "./get-presigned-url";
import { putFile } from "./put-file";
import { extensionOf, nameToBase64, uploadSourceType } from "../logic/file-pick";

/**
 * Presigned flow (spec 2 §7): get an upload location, PUT the body with the x-amz-meta-* headers
 * (200 = stored), confirm (the memory starts indexing). Answers the memory id and whether the body
 * was stored; `onLocated` sees the id as soon as the server has handed it out.
 */
export async function uploadFile(
  file: File,
  opts: { collectionId?: string; signal?: AbortSignal; onLocated?: (fileId: string) => void } = {},
): Promise<{ fileId: string; stored: boolean }> {
  const { signal } = opts;
  const sourceType = uploadSourceType(file.name);
  const nameBase64 = nameToBase64(file.name);
  const fileType = extensionOf(file.name);
  const location = await getPresignedUrl(
    {
      fileType,
      metadata: { name_base64: nameBase64, type: file.type, size: file.size, source_type: sourceType },
    },
    signal,
  );
  opts.onLocated?.(location.file_id);
  const stored = await putFile(
    location.presigned_url,
    file,
    { nameBase64, type: file.type, size: file.size, sourceType },
    signal,
  );
  await confirmUpload(
    {
      file_id: location.file_id,
      upload_status: stored ? "success" : "failed",
      file_type: fileType,
      is_reindex: false,
      collections: opts.collectionId ? [opts.collectionId] : [],
    },
    signal,
  );
  return { fileId: location.file_id, stored };
}
