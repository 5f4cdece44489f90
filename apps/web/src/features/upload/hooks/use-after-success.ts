import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { API_PREFIX, constants, endpoints } from "@mnemo/contracts";
import { phoneToastQuery } from "@/hooks/use-media-query";
import { refreshMemoryLists } from "@/lib/query-keys";
import { plainSnippet } from "@/lib/markdown-text";
import { reportError } from "@/lib/report-error";
import { getProactiveMemory } from "../api/get-proactive-memory";
import { allVisibleSucceeded, proactiveCandidate, type NotificationItem } from "../logic/notification";
import { scheduleAfterAllSucceeded } from "../logic/tracker";
import { BACKGROUND_TOAST_ID } from "../state/upload-actions";
import { uploadStore } from "../state/upload-store";

const FIRST_SESSION = constants.indexing.firstSessionFlag;

/**
 * What happens when the card's items finish (spec 2 §4): once every visible item succeeded and the
 * details dialog is closed, memories refresh at once and at 6, 12, 20, 30, 60 s, the list clears
 * after 5 s and the first-session flag goes; with exactly one item, its proactive memory is shown
 * (in place of the background-upload toast, if that is still open).
 */
export function useAfterSuccess(items: (NotificationItem & { key: string })[], detailsOpen: boolean) {
  const queryClient = useQueryClient();
  const scheduled = useRef<string | null>(null);
  const cancels = useRef<(() => void)[]>([]);
  const proactiveFetched = useRef(new Set<string>());

  useEffect(() => () => cancels.current.forEach((c) => c()), []);

  useEffect(() => {
    if (detailsOpen || !allVisibleSucceeded(items)) return;
    const batch = items.map((i) => i.key).join(",");
    if (scheduled.current === batch) return;
    scheduled.current = batch;
    sessionStorage.removeItem(FIRST_SESSION);
    const keys = new Set(items.map((i) => i.key));
    cancels.current.push(
      scheduleAfterAllSucceeded({
        refresh: () => void refreshMemoryLists(queryClient),
        clearList: () => {
          // Opened again meanwhile: keep the list; it is cleared 5 s after the dialog closes.
          if (uploadStore.get().detailsOpen) {
            scheduled.current = null;
            return;
          }
          uploadStore.set((s) => {
            const rest = s.items.filter((i) => !keys.has(i.key));
            return { items: rest, checking: rest.some((i) => i.notify) };
          });
        },
      }),
    );
  }, [items, detailsOpen, queryClient]);

  useEffect(() => {
    const id = proactiveCandidate(items);
    if (!id || proactiveFetched.current.has(id)) return;
    proactiveFetched.current.add(id);
    getProactiveMemory(id)
      .then((r) => {
        if (!r.proactive_memory || r.proactive_memory === constants.uploads.proactiveMemoryNone) return;
        // On a phone a full-width toast at the top would cover the page's own controls (its
        // "Add memory" button sits right under the top bar): there it sits above the bottom strip.
        const phone = window.matchMedia(phoneToastQuery).matches;
        // The upload is done, so "Uploading memories in the background" has said its part; left
        // open it would stack with this toast on a phone (both bottom centre).
        toast.dismiss(BACKGROUND_TOAST_ID);
        // Over the open add-memory dialog, the toaster places it clear of the dialog's buttons.
        const overDialog = uploadStore.get().dialogOpen;
        toast(r.question || "Related memory", {
          // The related memory's passage is Markdown: the toast shows its words.
          description: plainSnippet(r.proactive_memory),
          duration: 15_000,
          ...(overDialog ? {} : { position: phone ? "bottom-center" : "top-center" }),
        });
      })
      .catch((err: unknown) =>
        reportError(err, { method: "GET", path: API_PREFIX + endpoints.uploads.proactiveMemory.path }),
      );
  }, [items]);
}
