import { zConfirmUploadResponse, type ConfirmUploadInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/upload/confirm_upload: creates the memory and starts indexing. */
export function confirmUpload(input: ConfirmUploadInput, signal?: AbortSignal) {
  return api.request("/api/upload/confirm_upload", {
    method: "POST",
    body: input,
    schema: zConfirmUploadResponse,
    signal,
  });
}
