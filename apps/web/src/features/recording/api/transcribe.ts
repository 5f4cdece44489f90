import { constants, endpoints, zTranscribeResponse, type TranscribeResponse } from "@mnemo/contracts";
import { api } from "@/lib/api";
import { apiErrorFromBody, ApiError } from "@/lib/api-error";
import { authToken } from "@/lib/auth-token";

/**
 * POST /api/transcribe (spec 2 §7 Transcribe): multipart field `audio`, or `source_id` of a
 * recording already kept as a memory; bearer token. Answers transcript, summary and title.
 * Multipart, so sent bare (no token refresh); the server's `{ error, message }` becomes an ApiError.
 */
export async function transcribe(
  input: { audio: Blob; name: string } | { sourceId: string },
  signal?: AbortSignal,
): Promise<TranscribeResponse> {
  const form = new FormData();
  if ("audio" in input) form.set("audio", input.audio, input.name);
  else form.set("source_id", input.sourceId);
  const token = authToken.get();
  let res: Response;
  try {
    res = await api.send(
      endpoints.transcribe.transcribe,
      { form },
      {
        signal,
        headers: {
          [constants.clientSource.header]: constants.clientSource.webApp,
          accept: "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
    );
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(
      0,
      "upstream",
      "Could not reach the Mnemo server. Check your connection and try again.",
    );
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw apiErrorFromBody(res.status, body);
  return zTranscribeResponse.parse(body);
}
