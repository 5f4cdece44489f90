import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Source, SourceList } from "@mnemo/contracts";
import { errorMessage } from "@/lib/api";
import { deleteSources } from "../api/delete-sources";
import { pinSource } from "../api/pin-source";

type Pages = { pages: SourceList[]; pageParams: unknown[] };

/** Pin/unpin and delete, updating every cached wall page at once and refreshing afterwards. */
export function useWallActions() {
  const qc = useQueryClient();
  const patchLists = (fn: (s: Source) => Source | null) => {
    qc.setQueriesData<Pages>({ queryKey: ["sources", "list"] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              results: p.results.map(fn).filter((s): s is Source => s !== null),
            })),
          }
        : data,
    );
  };
  const refresh = () => qc.invalidateQueries({ queryKey: ["sources"] });

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
