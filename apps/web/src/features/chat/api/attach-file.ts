import { confirmUpload } from "@/features/upload/api/confirm-upload";
import { getPresignedUrl } from "@/features/upload/api/get-presigned-url";
import { putFile } from "@/features/upload/api/put-file";
import {
  extensionOf,
  isSupportedFile,
  nameToBase64,
  uploadSourceType,
} from "@/features/upload/logic/file-pick";

/**
 * An attached file becomes a memory through the presigned flow (get location, PUT, confirm) and
 * answers its id, which joins the chat's context.
 */
export async function attachFile(file: File, signal?: AbortSignal): Promise<string> {
  if (!isSupportedFile(file.name)) throw new Error(`${file.name} is not a supported file type.`);
  const sourceType = uploadSourceType(file.name);
  const nameBase64 = nameToBase64(file.name);
  const location = await getPresignedUrl(
    {
      fileType: extensionOf(file.name),
      metadata: { name_base64: nameBase64, type: file.type, size: file.size, source_type: sourceType },
    },
    signal,
  );
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
      file_type: extensionOf(file.name),
      is_reindex: false,
      collections: [],
    },
    signal,
  );
  if (!stored) throw new Error(`${file.name} could not be uploaded.`);
  return location.file_id;
}
