import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** The query parameter that keeps a preview open across reloads (`/?preview=<id>`). */
export const previewQueryParam = "preview";

/** The open preview lives in the address (`?preview=<id>`), so a reload keeps it open. */
export function usePreviewParam() {
  const [params, setParams] = useSearchParams();
  const previewId = params.get(previewQueryParam);
  const setPreview = useCallback(
    (sourceId: string | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (sourceId) next.set(previewQueryParam, sourceId);
        else next.delete(previewQueryParam);
        return next;
      }),
    [setParams],
  );
  return {
    previewId,
    openPreview: (sourceId: string) => setPreview(sourceId),
    closePreview: () => setPreview(null),
  };
}
