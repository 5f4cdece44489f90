import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Source } from "@mnemo/contracts";
import { errorMessage } from "@/lib/api";
import { retrySource } from "../api/retry-source";
import { sourceKey } from "./use-preview-data";
import { queryKeys } from "@/lib/query-keys";
import { patchSource } from "@/lib/source-cache";

const indexing = (s: Source): Source => ({ ...s, error: null, meta: { ...s.meta, status: "in_progress" } });

/**
 * Retry for a failed memory: the server starts indexing it again, and every cached copy (wall
 * pages and the open preview) shows it as indexing at once; the wall then polls until it settles.
 */
export function useRetrySource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retrySource(id),
    onSuccess: (_r, id) => {
      patchSource(qc, id, indexing);
    },
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: (_r, _e, id) => {
      void qc.invalidateQueries({ queryKey: queryKeys.sources.lists });
      void qc.invalidateQueries({ queryKey: sourceKey(id) });
    },
  });
}
