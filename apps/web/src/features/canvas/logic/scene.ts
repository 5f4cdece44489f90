/**
 * Pure helpers of the canvas editor (spec 3 §4 Canvas save): what counts as a change, whether a
 * save may run, and reading a stored document. No Excalidraw import: these run in unit tests.
 */

/** The parts of an Excalidraw element these helpers read. */
export type SceneElement = { id: string; version: number; isDeleted?: boolean; type?: string };

/** A number that changes whenever an element is added, changed or deleted (not on pan or select). */
export function sceneFingerprint(elements: readonly SceneElement[], fileCount = 0): string {
  let sum = 0;
  for (const e of elements) sum += e.version;
  return `${elements.length}:${sum}:${fileCount}`;
}

/** Save is blocked when no shape is left on the canvas (spec 3 §5). */
export function hasShape(elements: readonly SceneElement[]): boolean {
  return elements.some((e) => !e.isDeleted);
}

/** Autosave runs every 5 s when enabled, idle, changed and not in preview (read-only) mode. */
export function shouldAutosave(s: { enabled: boolean; saving: boolean; dirty: boolean; readOnly: boolean }) {
  return s.enabled && !s.saving && s.dirty && !s.readOnly;
}

export type StoredScene = {
  elements: SceneElement[];
  appState: Record<string, unknown>;
  files: Record<string, unknown>;
};

/** Thrown for a stored document that is not an Excalidraw scene: the editor shows its error view. */
export class CorruptCanvasError extends Error {}

/** Reads a stored canvas document; anything that is not an Excalidraw scene is corrupt. */
export function parseStoredScene(text: string): StoredScene {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new CorruptCanvasError("The canvas document is not valid JSON.");
  }
  const d = doc as { type?: unknown; elements?: unknown; appState?: unknown; files?: unknown } | null;
  if (!d || d.type !== "excalidraw" || !Array.isArray(d.elements))
    throw new CorruptCanvasError("The canvas document is not an Excalidraw scene.");
  const isObject = (v: unknown): v is Record<string, unknown> =>
    !!v && typeof v === "object" && !Array.isArray(v);
  return {
    elements: d.elements as SceneElement[],
    appState: isObject(d.appState) ? d.appState : {},
    files: isObject(d.files) ? d.files : {},
  };
}

/** The title a canvas is saved under, without the `.txt` of its stored file name (spec 3 §9). */
export function canvasDisplayTitle(title: string): string {
  return title.replace(/\.txt$/i, "").trim() || DEFAULT_CANVAS_TITLE;
}

export const DEFAULT_CANVAS_TITLE = "Untitled canvas";
