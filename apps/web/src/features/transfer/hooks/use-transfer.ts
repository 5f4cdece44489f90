import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ImportFormat, ImportRun } from "@mnemo/contracts";
import { refreshMemoryLists } from "@/lib/query-keys";
import { confirmImport, getImportRun, startImport } from "../api/transfer";
import { isActive } from "../logic/run";

const POLL_MS = 1000;
export const importKeys = { run: (id: string) => ["imports", id] as const };

/** One run, polled every second while the server works on it; the wall refreshes when it ends. */
export function useImportRun(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.run(id ?? ""),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ImportRun>(importKeys.run(id!));
      const run = await getImportRun(id!, signal);
      if (isActive(before) && run.status === "done") void refreshMemoryLists(queryClient);
      return run;
    },
    enabled: Boolean(id),
    refetchInterval: (q) => (isActive(q.state.data) ? POLL_MS : false),
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; format: ImportFormat | "auto"; dryRun: boolean }) =>
      startImport(v.file, { format: v.format, dryRun: v.dryRun }),
    onSuccess: (run) => queryClient.setQueryData(importKeys.run(run.id), run),
  });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: (run) => queryClient.setQueryData(importKeys.run(run.id), run),
  });
}
