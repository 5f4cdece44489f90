import { zTranscribeMultipart, zTranscribeResponse, zTranscribeStatus } from "../transcribe.ts";
import { endpoint } from "./endpoint.ts";

const tag = "transcription";

/** Spec 2 §7 Transcribe: POST /api/transcribe (multipart `audio`), and whether it is configured. */
export const transcribe = {
  status: endpoint({
    method: "get",
    path: "/transcribe/status",
    summary: "Whether a transcription provider is configured, and the largest recording accepted",
    tag,
    response: zTranscribeStatus,
  }),
  transcribe: endpoint({
    method: "post",
    path: "/transcribe",
    summary:
      "Transcribe a recording: multipart field audio (streamed to disk), or source_id of an audio memory; answers transcript, summary, title",
    tag,
    multipart: zTranscribeMultipart,
    response: zTranscribeResponse,
  }),
};
