import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { refreshMemoryLists } from "@/lib/query-keys";
import { useMe } from "@/features/users";
import { uploadRecording } from "../api/upload-recording";
import { isAbandoned, recordingStore } from "../state/recording-store";
import { endpoints, recordingMessages } from "@mnemo/contracts";
import { api } from "@/lib/api";
import { ApiError } from "@/lib/api-error";
import { transcribeOutcome } from "../api/transcribe-outcome";
import { outcomeTitle, transcriptBlocks, type KeptRecording } from "../logic/transcript-blocks";

/** Composed: a recording left by an earlier visit (a reload, a crash) was kept as a memory. */
export const recoveredMessage = "A recording from your last visit was saved to your memories.";
/** Composed: …and transcribed into a page of its own (spec 3 §4: stopping transcribes, then saves the note). */
export const recoveredTranscribedMessage =
  "A recording from your last visit was saved to your memories and transcribed into a new page.";

/**
 * What the Record Meetings tile does on stop, for a recording an earlier visit could not finish:
 * transcribe it and save the note (heading, Summary, Transcription, the recording's link) as a
 * new page. Answers whether a transcript was written; throws the transcription's failure.
 */
async function transcribeIntoPage(kept: KeptRecording): Promise<boolean> {
  const outcome = await transcribeOutcome(kept);
  await api.request(endpoints.pages.create, {
    body: { title: outcomeTitle(outcome), blocks: transcriptBlocks(outcome), collections: [] },
  });
  return outcome.kind === "transcribed";
}

/** Users whose left-behind recordings were checked in this page load. */
const checked = new Set<string>();

/**
 * Uploads recordings an earlier visit left in IndexedDB (a reload or a closed tab mid-recording,
 * or a failed upload), so what was recorded is never lost. Runs once per page load; a recording
 * another tab is still making holds a Web Lock and is left alone.
 */
export function PendingRecordings() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.id;
  useEffect(() => {
    if (!userId || checked.has(userId) || typeof indexedDB === "undefined") return;
    checked.add(userId);
    void (async () => {
      const all = await recordingStore.all().catch(() => []);
      for (const r of all) {
        // Another account's recording waits for that account to sign in again on this browser.
        if (r.ownerId !== userId || !(await isAbandoned(r.id))) continue;
        if (r.sourceId || r.purpose === "voice") {
          await recordingStore.remove(r.id).catch(() => undefined);
          continue;
        }
        const audio = await recordingStore.audio(r).catch(() => null);
        if (!audio || audio.size === 0) {
          await recordingStore.remove(r.id).catch(() => undefined);
          continue;
        }
        let sourceId: string;
        try {
          ({ sourceId } = await uploadRecording(audio, r.name));
          await recordingStore.markUploaded(r, sourceId);
          await recordingStore.remove(r.id);
        } catch {
          // Kept for the next visit.
          continue;
        }
        void refreshMemoryLists(queryClient);
        try {
          const transcribed = await transcribeIntoPage({ sourceId, name: r.name });
          toast.success(transcribed ? recoveredTranscribedMessage : recoveredMessage);
        } catch (err) {
          // The recording is kept; say why it has no transcript (e.g. the plan's daily minutes).
          toast.success(recoveredMessage);
          toast.error(
            err instanceof ApiError && err.status < 500 ? err.message : recordingMessages.transcriptionFailed,
          );
        }
        void refreshMemoryLists(queryClient);
      }
    })();
  }, [queryClient, userId]);
  return null;
}
