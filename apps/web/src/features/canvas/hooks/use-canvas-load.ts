import { useQuery } from "@tanstack/react-query";
import { canvasMessages } from "@mnemo/contracts";
import type { Canvas } from "@mnemo/contracts/canvas";
import { ApiError } from "@/lib/api";
import { fetchCanvasDocument, getCanvas } from "../api/get-canvas";
import { CorruptCanvasError, parseStoredScene, type StoredScene } from "../logic/scene";

export type LoadedCanvas = { canvas: Canvas | null; scene: StoredScene | null };

/** A load failure with the spec's message (spec 3 §8 Load). */
export class CanvasLoadError extends Error {}

async function loadCanvas(id: string | null, signal: AbortSignal): Promise<LoadedCanvas> {
  if (!id) return { canvas: null, scene: null };
  let canvas: Canvas;
  try {
    canvas = await getCanvas(id, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new CanvasLoadError(canvasMessages.notFound);
    throw new CanvasLoadError(canvasMessages.loadContentFailed);
  }
  // A canvas never saved with a document opens empty (spec 3 §8).
  if (!canvas.document_url) return { canvas, scene: null };
  const text = await fetchCanvasDocument(canvas.document_url, signal).catch(() => {
    throw new CanvasLoadError(canvasMessages.loadContentFailed);
  });
  try {
    return { canvas, scene: parseStoredScene(text) };
  } catch (err) {
    // A corrupt document is not silently replaced by an empty canvas: a save would overwrite it.
    if (err instanceof CorruptCanvasError) throw new CanvasLoadError(canvasMessages.loadError);
    throw err;
  }
}

/** Loads a canvas once per editor session (no refetch behind the editor's back). */
export function useCanvasLoad(id: string | null) {
  return useQuery({
    queryKey: ["canvas-editor", id],
    queryFn: ({ signal }) => loadCanvas(id, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
