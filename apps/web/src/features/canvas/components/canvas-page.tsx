import { Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from "react-router";
import { ArrowLeftIcon, Loader2Icon, RotateCwIcon, SaveIcon } from "lucide-react";
import { canvasMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { useCanvasLoad, type LoadedCanvas } from "../hooks/use-canvas-load";
import { useCanvasSession } from "../hooks/use-canvas-session";
import { canvasDisplayTitle, DEFAULT_CANVAS_TITLE } from "../logic/scene";
import { LazyExcalidrawEditor } from "./lazy-editor";
import { ConflictDialog, LeaveDialog } from "./leave-dialog";

const BACK = "/?tab=canvas";

/**
 * Where a canvas started from a collection page (`/canvas/new?collection={id}`) is saved and goes
 * back to; read once, since the first save replaces the address.
 */
function useStartCollection(): string | null {
  const [params] = useSearchParams();
  const [collectionId] = useState(() => params.get("collection"));
  return collectionId;
}

function LoadingOverlay() {
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center bg-background/80" role="status">
      <Loader2Icon className="mr-2 size-5 animate-spin" aria-hidden /> {canvasMessages.loading}
    </div>
  );
}

/** Whether the app is dark right now: the `dark` class on <html> (applyTheme sets it, system too). */
function subscribeDark(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains("dark");
function useDark() {
  return useSyncExternalStore(subscribeDark, isDark, () => false);
}

/**
 * The canvas editor screen (spec 3 §2): `/canvas/new` starts a canvas, `/canvas/:id` opens one.
 * Loading overlay, an error view with Retry and a way back, the editor with Save.
 */
export function CanvasPage() {
  const { id: routeId } = useParams();
  // The first save of a new canvas changes the address, not the session (see onCreated).
  const [initialId] = useState(() => (routeId && routeId !== "new" ? routeId : null));
  const load = useCanvasLoad(initialId);

  if (load.isError) {
    return (
      <div className="flex h-dvh flex-col items-center justify-center gap-4 p-6 text-center" role="alert">
        <p className="max-w-md text-sm">{load.error.message}</p>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to={BACK}>
              <ArrowLeftIcon aria-hidden /> Back to canvases
            </Link>
          </Button>
          <Button onClick={() => void load.refetch()}>
            <RotateCwIcon aria-hidden /> {canvasMessages.retry}
          </Button>
        </div>
      </div>
    );
  }
  if (load.isPending || load.isRefetching) {
    return (
      <div className="relative h-dvh">
        <LoadingOverlay />
      </div>
    );
  }
  return (
    <CanvasEditorScreen key={load.dataUpdatedAt} loaded={load.data} reload={() => void load.refetch()} />
  );
}

function CanvasEditorScreen({ loaded, reload }: { loaded: LoadedCanvas; reload: () => void }) {
  const navigate = useNavigate();
  const collectionId = useStartCollection();
  const back = collectionId ? `/collections/${encodeURIComponent(collectionId)}` : BACK;
  const dark = useDark();
  const [title, setTitle] = useState(() => canvasDisplayTitle(loaded.canvas?.title ?? DEFAULT_CANVAS_TITLE));
  const editable = loaded.canvas?.editable ?? true;
  const session = useCanvasSession({
    initialId: loaded.canvas?.id ?? null,
    initialVersion: loaded.canvas?.content_version ?? null,
    title: title.trim() || DEFAULT_CANVAS_TITLE,
    editable,
    collectionId: loaded.canvas ? null : collectionId,
    // Outside the router on purpose: the editor (and its unsaved strokes) must stay mounted.
    onCreated: (id) => window.history.replaceState(window.history.state, "", `/canvas/${id}`),
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (session.dirty || session.saving) && currentLocation.pathname !== nextLocation.pathname,
  );
  const leaving = blocker.state === "blocked";

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void session.save(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [session]);

  const status = session.saving
    ? "Saving…"
    : session.dirty
      ? "Unsaved changes"
      : session.id
        ? "Saved"
        : "New canvas";

  return (
    <div className="flex h-dvh flex-col bg-background">
      <header className="flex h-12 shrink-0 items-center gap-2 border-b px-2 sm:px-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void navigate(back)}
          aria-label={collectionId ? "Back to the collection" : "Back to canvases"}
        >
          <ArrowLeftIcon aria-hidden />{" "}
          <span className="hidden sm:inline">{collectionId ? "Collection" : "Canvases"}</span>
        </Button>
        <h1 className="min-w-0 flex-1">
          <input
            aria-label="Canvas title"
            value={title}
            readOnly={!editable}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            className="w-full truncate rounded-sm bg-transparent px-1 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        </h1>
        <span className="text-xs text-muted-foreground" role="status" data-testid="canvas-status">
          {status}
        </span>
        {editable && (
          <Button size="sm" onClick={() => void session.save(true)} disabled={session.saving}>
            {session.saving ? <Loader2Icon className="animate-spin" aria-hidden /> : <SaveIcon aria-hidden />}{" "}
            Save
          </Button>
        )}
      </header>
      <main className="relative min-h-0 flex-1" aria-label="Canvas" data-testid="canvas-editor">
        <Suspense fallback={<LoadingOverlay />}>
          <LazyExcalidrawEditor
            initial={loaded.scene}
            readOnly={!editable || session.savingExplicitly || leaving}
            dark={dark}
            onReady={session.setHandle}
            onChange={session.onChange}
          />
        </Suspense>
      </main>
      <LeaveDialog
        open={leaving}
        saving={session.saving}
        onStay={() => blocker.reset?.()}
        onDiscard={() => blocker.proceed?.()}
        onSave={() => void session.save(true).then((ok) => (ok ? blocker.proceed?.() : blocker.reset?.()))}
      />
      <ConflictDialog
        open={session.conflict !== null}
        onReload={reload}
        onOverwrite={() => void session.overwrite()}
      />
    </div>
  );
}
