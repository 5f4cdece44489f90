import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { canvasMessages, constants } from "@mnemo/contracts";
import { CanvasConflictError, CanvasSaveError, saveCanvas } from "../api/save-canvas";
import { describeCanvas } from "../api/describe-canvas";
import { hasShape, shouldAutosave } from "../logic/scene";
import type { CanvasHandle } from "../components/excalidraw-editor";

const TOAST_ID = "canvas-save";

/**
 * One editing session of a canvas (spec 3 §4 Canvas save): idle ⇄ saving, a dirty flag from the
 * scene's fingerprint, autosave every 5 s when idle, changed and editable, explicit saves with
 * their messages (read-only while they run; an autosave snapshots the scene when it starts, so
 * drawing goes on and later strokes stay unsaved until the next tick), the version check's
 * conflict, the beforeunload guard while unsaved, and the
 * description asked for when the editor is left after a save.
 */
export function useCanvasSession(opts: {
  initialId: string | null;
  initialVersion: number | null;
  title: string;
  editable: boolean;
  /** A new canvas started from a collection page is saved into that collection. */
  collectionId?: string | null;
  onCreated: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [id, setId] = useState(opts.initialId);
  const [saving, setSaving] = useState(false);
  /** An explicit save (Save, Ctrl/Cmd+S, Save changes) holds the editor read-only until it ends. */
  const [savingExplicitly, setSavingExplicitly] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<number | null>(null);
  const handle = useRef<CanvasHandle | null>(null);
  const version = useRef(opts.initialVersion);
  const savedFingerprint = useRef<string | null>(null);
  const currentFingerprint = useRef<string | null>(null);
  const busy = useRef(false);
  const savedThisSession = useRef(false);
  const idRef = useRef(id);
  idRef.current = id;
  const latest = useRef(opts);
  latest.current = opts;

  // What a save stores: the scene and the title (renaming is a change to save too).
  const scene = useRef<string | null>(null);
  const onChange = useCallback((sceneFingerprint: string) => {
    scene.current = sceneFingerprint;
    const fingerprint = `${sceneFingerprint}\u0000${latest.current.title}`;
    currentFingerprint.current = fingerprint;
    savedFingerprint.current ??= fingerprint; // the loaded scene is the saved state
    setDirty(fingerprint !== savedFingerprint.current);
  }, []);
  useEffect(() => {
    if (scene.current !== null) onChange(scene.current);
  }, [opts.title, onChange]);

  /** Saves now; `manual` saves say what happened, autosaves stay quiet unless they fail. */
  const save = useCallback(
    async (manual: boolean): Promise<boolean> => {
      const h = handle.current;
      if (!h) {
        if (manual) toast.error(canvasMessages.missingPreviewOrEditor, { id: TOAST_ID });
        return false;
      }
      if (busy.current) return false;
      const fingerprint = currentFingerprint.current;
      if (idRef.current && fingerprint === savedFingerprint.current) {
        if (manual) toast.success(canvasMessages.savedChanges, { id: TOAST_ID });
        return true;
      }
      if (!hasShape(h.elements())) {
        if (manual) toast.error(canvasMessages.addShape, { id: TOAST_ID });
        return false;
      }
      busy.current = true;
      setSaving(true);
      setSavingExplicitly(manual);
      try {
        const saved = await saveCanvas({
          id: idRef.current,
          title: latest.current.title,
          baseVersion: version.current,
          document: h.serialize(),
          screenshot: h.screenshot,
          collectionId: latest.current.collectionId,
        });
        version.current = saved.contentVersion;
        savedFingerprint.current = fingerprint;
        savedThisSession.current = true;
        setDirty(currentFingerprint.current !== fingerprint);
        // The wall and the collection's memories list the canvas (a new one, a new screenshot).
        void queryClient.invalidateQueries({ queryKey: ["sources"] });
        if (!idRef.current) {
          idRef.current = saved.id;
          setId(saved.id);
          latest.current.onCreated(saved.id);
        }
        if (manual) toast.success(canvasMessages.savedChanges, { id: TOAST_ID });
        return true;
      } catch (err) {
        if (err instanceof CanvasConflictError) setConflict(err.currentVersion);
        toast.error(
          err instanceof CanvasSaveError ? err.message : canvasMessages.saveFailed({ reason: String(err) }),
          {
            id: TOAST_ID,
          },
        );
        return false;
      } finally {
        busy.current = false;
        setSaving(false);
        setSavingExplicitly(false);
      }
    },
    [queryClient],
  );

  const readOnly = !opts.editable;
  useEffect(() => {
    const timer = setInterval(() => {
      if (shouldAutosave({ enabled: conflict === null, saving: busy.current, dirty, readOnly }))
        void save(false);
    }, constants.editors.canvasAutosaveMs);
    return () => clearInterval(timer);
  }, [conflict, dirty, readOnly, save]);

  // Closing the tab or reloading with unsaved work asks first (spec 3 §4).
  useEffect(() => {
    if (!dirty && !saving) return;
    const guard = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", guard);
    return () => window.removeEventListener("beforeunload", guard);
  }, [dirty, saving]);

  // Leaving the editor after a save describes the canvas, so it is found and cited (spec 3 §4).
  useEffect(
    () => () => {
      if (savedThisSession.current && idRef.current)
        void describeCanvas(idRef.current).catch(() => undefined);
    },
    [],
  );

  /** Keep my version over the one saved elsewhere: the next save starts from theirs. */
  const overwrite = useCallback(async () => {
    if (conflict === null) return;
    version.current = conflict;
    setConflict(null);
    await save(true);
  }, [conflict, save]);

  return {
    id,
    saving,
    savingExplicitly,
    dirty,
    conflict,
    save,
    overwrite,
    onChange,
    setHandle: (h: CanvasHandle) => {
      handle.current = h;
    },
    hasEditor: () => handle.current !== null,
  };
}
