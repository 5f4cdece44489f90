import { constants } from "@mnemo/contracts";
import { ApiError } from "@/lib/api-error";
import type { KeptRecording, RecordingOutcome } from "../logic/transcript-blocks";
import { transcribe } from "./transcribe";

/**
 * Transcribes a recording kept as a memory, as an outcome for its page: the transcript, 'No
 * transcript found.', or "not configured" (503: nothing is invented). Other failures throw (the
 * recording stays kept).
 */
export async function transcribeOutcome(kept: KeptRecording): Promise<RecordingOutcome> {
  try {
    const result = await transcribe({ sourceId: kept.sourceId });
    return result.warning === constants.links.emptyTranscriptWarning || !result.transcript.trim()
      ? { kind: "empty", recording: kept }
      : { kind: "transcribed", result, recording: kept };
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) return { kind: "not-configured", recording: kept };
    throw err;
  }
}
