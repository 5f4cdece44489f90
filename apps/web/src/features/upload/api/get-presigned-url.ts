import { endpoints, type GetPresignedUrlInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/upload/get_presigned_url: an upload location (presigned PUT URL, file key, file id). */
export function getPresignedUrl(input: GetPresignedUrlInput, signal?: AbortSignal) {
  return api.request(endpoints.uploads.getPresignedUrl, { body: input, signal });
}
