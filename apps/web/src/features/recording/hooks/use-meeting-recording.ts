import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { constants, recordingMessages } from "@mnemo/contracts";
import { ApiError } from "@/lib/api-error";
import { refreshMemoryLists } from "@/lib/query-keys";
import { transcribeOutcome } from "../api/transcribe-outcome";
import { uploadRecording } from "../api/upload-recording";
import type { KeptRecording, RecordingOutcome } from "../logic/transcript-blocks";
import { recordingStore } from "../state/recording-store";
import { useRecorder, type Recorded } from "./use-recorder";

/** Where a failed finish stopped, so "Try again" continues from there (the audio is never redone). */
type Pending =
  | { step: "upload"; recorded: Recorded }
  | { step: "transcribe"; kept: KeptRecording }
  | { step: "insert"; outcome: RecordingOutcome };

/**
 * A meeting recording from start to page (spec 2 §4 Recording: stop uploads the audio for
 * transcription, then saves the note): on stop the audio is kept as a memory of its own through
 * the upload flow (memory lists refreshed now and after 5 s), transcribed by its id, and handed to
 * `insert` as an outcome. No provider configured → the recorder says so under its bar (the page
 * gets its heading and the recording's link, never a made-up text nor the operator's note).
 */
export function useMeetingRecording(
  insert: (outcome: RecordingOutcome) => Promise<void> | void,
  opts: { collectionId?: string } = {},
) {
  const recorder = useRecorder("meeting");
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [working, setWorking] = useState(false);
  const insertRef = useRef(insert);
  insertRef.current = insert;

  const fail = useCallback(
    (message: string, next: Pending) => {
      recorder.setProblem({ message });
      setPending(next);
    },
    [recorder],
  );

  const fromInsert = useCallback(
    async (outcome: RecordingOutcome) => {
      try {
        await insertRef.current(outcome);
        // Why there is no transcript is the server's setup, not the note's content (issue 41).
        if (outcome.kind === "not-configured") recorder.setNotice(recordingMessages.notConfigured);
        return true;
      } catch {
        fail(recordingMessages.addTranscriptionFailed, { step: "insert", outcome });
        return false;
      }
    },
    [fail, recorder],
  );

  const fromTranscribe = useCallback(
    async (kept: KeptRecording) => {
      let outcome: RecordingOutcome;
      try {
        outcome = await transcribeOutcome(kept);
      } catch (err) {
        const message =
          err instanceof ApiError && err.status < 500 ? err.message : recordingMessages.transcriptionFailed;
        fail(message, { step: "transcribe", kept });
        return false;
      }
      return fromInsert(outcome);
    },
    [fail, fromInsert],
  );

  const fromUpload = useCallback(
    async ({ recording, audio }: Recorded) => {
      let kept: KeptRecording;
      try {
        const { sourceId } = await uploadRecording(audio, recording.name, {
          collectionId: opts.collectionId,
        });
        await recordingStore.markUploaded(recording, sourceId).catch(() => undefined);
        kept = { sourceId, name: recording.name };
      } catch {
        // The chunks stay in IndexedDB: "Try again" here, or the next visit uploads them.
        fail(recordingMessages.processRecordingFailed, { step: "upload", recorded: { recording, audio } });
        return false;
      }
      void refreshMemoryLists(queryClient);
      setTimeout(() => void refreshMemoryLists(queryClient), constants.uploads.recordedUploadRefetchMs);
      return fromTranscribe(kept);
    },
    [fail, fromTranscribe, opts.collectionId, queryClient],
  );

  const stop = useCallback(async () => {
    const recorded = await recorder.stop();
    if (!recorded) return;
    setPending(null);
    const ok = await fromUpload(recorded);
    recorder.settle(ok);
  }, [recorder, fromUpload]);

  const retry = useCallback(async () => {
    if (!pending) return;
    recorder.setProblem(null);
    setWorking(true);
    setPending(null);
    try {
      if (pending.step === "upload") await fromUpload(pending.recorded);
      else if (pending.step === "transcribe") await fromTranscribe(pending.kept);
      else await fromInsert(pending.outcome);
    } finally {
      setWorking(false);
    }
  }, [pending, recorder, fromUpload, fromTranscribe, fromInsert]);

  return { recorder, stop, retry, canRetry: pending !== null, working };
}
