import { endpoints, type ConfirmUploadInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/upload/confirm_upload: creates the memory and starts indexing. */
export function confirmUpload(input: ConfirmUploadInput, signal?: AbortSignal) {
  return api.request(endpoints.uploads.confirmUpload, { body: input, signal });
}
