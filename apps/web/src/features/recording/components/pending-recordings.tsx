import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { refreshMemoryLists } from "@/lib/query-keys";
import { useMe } from "@/features/users";
import { uploadRecording } from "../api/upload-recording";
import { isAbandoned, recordingStore } from "../state/recording-store";

/** Composed: a recording left by an earlier visit (a reload, a crash) was kept as a memory. */
export const recoveredMessage = "A recording from your last visit was saved to your memories.";

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
        try {
          const { sourceId } = await uploadRecording(audio, r.name);
          await recordingStore.markUploaded(r, sourceId);
          await recordingStore.remove(r.id);
          toast.success(recoveredMessage);
          void refreshMemoryLists(queryClient);
        } catch {
          // Kept for the next visit.
        }
      }
    })();
  }, [queryClient, userId]);
  return null;
}
