import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { previewQueryParam } from "../components/source-preview-dialog";

/** The open preview lives in the address (`?preview=<id>`), so a reload keeps it open. */
export function usePreviewParam() {
  const [params, setParams] = useSearchParams();
  const previewId = params.get(previewQueryParam);
  const setPreview = useCallback(
    (sourceId: string | null) =>
      setParams((p) => {
        if (sourceId) p.set(previewQueryParam, sourceId);
        else p.delete(previewQueryParam);
        return p;
      }),
    [setParams],
  );
  return {
    previewId,
    openPreview: (sourceId: string) => setPreview(sourceId),
    closePreview: () => setPreview(null),
  };
}
