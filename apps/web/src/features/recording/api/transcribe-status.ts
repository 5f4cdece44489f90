import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/transcribe/status: whether a transcription provider is configured. */
export function getTranscribeStatus(signal?: AbortSignal) {
  return api.request(endpoints.transcribe.status, { signal });
}
