import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Source } from "@mnemo/contracts";
import { errorMessage } from "@/lib/api";
import { deleteSources } from "../api/delete-sources";
import { pinSource } from "../api/pin-source";
import { queryKeys } from "@/lib/query-keys";
import { patchSourceLists } from "@/lib/source-cache";

/** Pin/unpin and delete, updating every cached wall page at once and refreshing afterwards. */
export function useWallActions() {
  const qc = useQueryClient();
  const patchLists = (fn: (s: Source) => Source | null) => patchSourceLists(qc, fn);
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.sources.all });

  const pin = useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => pinSource(id, pinned),
    onMutate: ({ id, pinned }) =>
      patchLists((s) => (s.id === id ? { ...s, meta: { ...s.meta, is_pinned: pinned } } : s)),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (ids: string[]) => deleteSources(ids),
    onSuccess: (r) => {
      const gone = new Set(r.deleted);
      patchLists((s) => (gone.has(s.id) ? null : s));
      toast.success(r.deleted.length === 1 ? "Memory deleted." : `${r.deleted.length} memories deleted.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: refresh,
  });

  return { pin, remove };
}
