import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { zPassageAnchor, type PassageAnchor } from "@mnemo/contracts/chat";

/** The query parameter that keeps a preview open across reloads (`/?preview=<id>`). */
export const previewQueryParam = "preview";
/** The cited passage the preview opens at (`&passage=<anchor JSON>`, issue 22). */
export const passageQueryParam = "passage";
/** A new value on every citation click (`&cite=`), so the same citation clicked again re-opens its passage. */
export const citeQueryParam = "cite";

function parsePassage(raw: string | null): PassageAnchor | null {
  if (!raw) return null;
  try {
    const parsed = zPassageAnchor.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The open preview lives in the address (`?preview=<id>`), so a reload keeps it open; a citation
 * adds the passage it cites (`&passage=`), which the preview opens at.
 */
export function usePreviewParam() {
  const [params, setParams] = useSearchParams();
  const previewId = params.get(previewQueryParam);
  const rawPassage = params.get(passageQueryParam);
  const passage = useMemo(() => parsePassage(rawPassage), [rawPassage]);
  const setPreview = useCallback(
    (sourceId: string | null, anchor?: PassageAnchor | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (sourceId) next.set(previewQueryParam, sourceId);
        else next.delete(previewQueryParam);
        if (sourceId && anchor) {
          next.set(passageQueryParam, JSON.stringify(anchor));
          next.set(citeQueryParam, String(Number(p.get(citeQueryParam) ?? 0) + 1));
        } else {
          next.delete(passageQueryParam);
          next.delete(citeQueryParam);
        }
        return next;
      }),
    [setParams],
  );
  return {
    previewId,
    /** The cited passage to open at, when the preview was opened from a citation. */
    passage,
    /** Changes with every citation click (also of the same citation): the viewer re-opens at the passage. */
    citeKey: params.get(citeQueryParam),
    openPreview: (sourceId: string, anchor?: PassageAnchor | null) => setPreview(sourceId, anchor),
    closePreview: () => setPreview(null),
  };
}
