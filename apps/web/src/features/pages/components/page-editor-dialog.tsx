import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Loader2Icon, Maximize2Icon, Minimize2Icon } from "lucide-react";
import { toast } from "sonner";
import { useQueryClient } from "@tanstack/react-query";
import { constants, previewMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { ApiError } from "@/lib/api-error";
import { refreshMemoryLists } from "@/lib/query-keys";
import { savePage } from "../api/save-page";
import { saveAsTextFile } from "../api/save-text-file";
import { createAutosaver } from "../logic/autosave";
import {
  RecorderBar,
  outcomeTitle,
  transcriptBlocks,
  useMeetingRecording,
  type RecordingOutcome,
} from "@/features/recording";
import type { EditorActions, EditorContent } from "./blocknote-editor";
import { LazyBlockNoteEditor } from "./lazy-editor";

type Saver = ReturnType<typeof createAutosaver>;

/** The page is over the server's request limit: sending it again is refused again (413). */
class PageTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super("page too large");
  }
}

const MB = 1024 * 1024;
const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const isDefaultTitle = (title: string) =>
  title === "" || (constants.editors.defaultPageTitles as readonly string[]).includes(title);

/**
 * Page (notes) editor (spec 2 §2, spec 3 §4): title (default 'Untitled Page'), BlockNote blocks,
 * Save Page, maximize. Autosaves every 5 s when changed, saves on Ctrl/Cmd+S and on close or
 * unmount when unsaved. The first save creates the page memory; later saves update it. A new page
 * with no text and no title of its own is never saved. A page over the server's request limit
 * (413) is not sent again: the limit is said, the text stays, and it can go in as a text file.
 */
export function PageEditorDialog({
  open,
  onOpenChange,
  onSaved,
  collectionId,
  page,
  recordOnOpen = false,
  defaultTitle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (page: { id: string; title: string }) => void;
  collectionId?: string;
  /** An existing page to edit; a new page otherwise. */
  page?: { id: string; title: string; blocks: unknown[] };
  /** Opened from Record Meetings: the recorder is offered first and its transcript fills the page. */
  recordOnOpen?: boolean;
  /** A new page's title: 'Untitled Page' unless the caller starts a 'New Page' (spec 2 §2). */
  defaultTitle?: string;
}) {
  const [title, setTitle] = useState(page?.title ?? defaultTitle ?? previewMessages.defaultPageTitle);
  const [maximized, setMaximized] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [savingFile, setSavingFile] = useState(false);
  const queryClient = useQueryClient();
  /** The server's request limit, once a save has met it (413). */
  const limitBytes = useRef<number | null>(null);
  const pageId = useRef<string | undefined>(page?.id);
  const readContent = useRef<(() => EditorContent) | null>(null);
  const titleRef = useRef(title);
  const onSavedRef = useRef(onSaved);
  const saverRef = useRef<Saver | null>(null);
  titleRef.current = title;
  onSavedRef.current = onSaved;

  useEffect(() => {
    const saver = createAutosaver({
      save: async () => {
        const content = readContent.current?.() ?? { blocks: [], markdown: "" };
        // An empty new note is not a memory (issue 41: it was saved as an empty "Untitled Page").
        if (!pageId.current && !content.markdown.trim() && isDefaultTitle(titleRef.current.trim())) return;
        const finalTitle = titleRef.current.trim() || previewMessages.defaultPageTitle;
        const body = {
          title: finalTitle,
          blocks: content.blocks,
          markdown: content.markdown,
          collections: collectionId ? [collectionId] : [],
        };
        if (limitBytes.current !== null && bytesOf(body) > limitBytes.current)
          throw new PageTooLargeError(limitBytes.current);
        setSaving(true);
        try {
          const saved = await savePage(body, pageId.current).catch((err: unknown) => {
            if (!(err instanceof ApiError) || err.status !== 413) throw err;
            const limit = (err.details as { limit_bytes?: unknown } | undefined)?.limit_bytes;
            limitBytes.current = typeof limit === "number" ? limit : bytesOf(body) - 1;
            throw new PageTooLargeError(limitBytes.current);
          });
          pageId.current = saved.id;
          setError(null);
          setTooLarge(false);
          onSavedRef.current?.({ id: saved.id, title: saved.title });
        } finally {
          setSaving(false);
        }
      },
      retryable: (err) => !(err instanceof PageTooLargeError),
      onError: (err) => {
        if (err instanceof PageTooLargeError) {
          setTooLarge(true);
          setError(previewMessages.pageTooLarge({ limitMb: Math.round((err.limitBytes / MB) * 10) / 10 }));
          return;
        }
        setError(previewMessages.pageSaveFailed);
        toast.error(previewMessages.pageSaveFailed);
      },
    });
    saverRef.current = saver;
    return () => saver.dispose();
  }, [collectionId]);

  const markDirty = useCallback(() => {
    saverRef.current?.markDirty();
    setError((e) => (e === previewMessages.emptyPage ? null : e));
  }, []);
  const onReady = useCallback((read: () => EditorContent) => {
    readContent.current = read;
  }, []);
  const editorActions = useRef<EditorActions | null>(null);
  const onActions = useCallback((a: EditorActions) => {
    editorActions.current = a;
  }, []);

  // The recorder inserts the finished transcript into the open page, then saves it at once.
  const insertOutcome = useCallback(async (outcome: RecordingOutcome) => {
    const actions = editorActions.current;
    if (!actions) throw new Error("editor not ready");
    actions.insertBlocks(transcriptBlocks(outcome));
    if ((constants.editors.defaultPageTitles as readonly string[]).includes(titleRef.current.trim())) {
      titleRef.current = outcomeTitle(outcome);
      setTitle(titleRef.current);
    }
    saverRef.current?.markDirty();
    const ok = (await saverRef.current?.flush()) ?? false;
    if (!ok) throw new Error("page not saved");
  }, []);
  const meeting = useMeetingRecording(insertOutcome, { collectionId });

  const saveAndClose = async () => {
    if (!pageId.current) {
      const content = readContent.current?.() ?? { blocks: [], markdown: "" };
      if (!content.markdown.trim() && isDefaultTitle(titleRef.current.trim())) {
        setError(previewMessages.emptyPage);
        return;
      }
      saverRef.current?.markDirty();
    }
    const ok = (await saverRef.current?.flush()) ?? true;
    if (ok) onOpenChange(false);
  };

  /** Keeps a note too large for a page as a Markdown file memory, then closes the editor. */
  const saveTextFile = async () => {
    const content = readContent.current?.() ?? { blocks: [], markdown: "" };
    setSavingFile(true);
    try {
      await saveAsTextFile({
        title: titleRef.current.trim() || previewMessages.defaultPageTitle,
        markdown: content.markdown,
        collections: collectionId ? [collectionId] : [],
      });
      saverRef.current?.markClean();
      toast.success(previewMessages.savedAsTextFile);
      void refreshMemoryLists(queryClient);
      onOpenChange(false);
    } catch {
      setError(previewMessages.pageSaveFailed);
    } finally {
      setSavingFile(false);
    }
  };

  const discard = () => {
    saverRef.current?.markClean();
    onOpenChange(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void saverRef.current?.flush();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        // A note the server refused as too large stays open with its text until it is kept or dropped.
        if (!o && tooLarge && saverRef.current?.isDirty()) return;
        if (!o && saverRef.current?.isDirty()) void saverRef.current.flush();
        onOpenChange(o);
      }}
    >
      <DialogContent
        aria-describedby="page-editor-description"
        className={cn(
          "flex max-h-[calc(100dvh-2rem)] flex-col",
          maximized ? "h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-none" : "max-w-3xl",
        )}
      >
        <DialogHeader className="flex-row items-center gap-2 pr-8">
          <DialogTitle className="sr-only">Page editor</DialogTitle>
          <Input
            aria-label="Page title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              markDirty();
            }}
            className="h-10 border-transparent px-1 text-lg font-semibold shadow-none focus-visible:border-input"
          />
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={maximized ? "Minimize" : "Maximize"}
            onClick={() => setMaximized((m) => !m)}
          >
            {maximized ? <Minimize2Icon /> : <Maximize2Icon />}
          </Button>
        </DialogHeader>
        <DialogDescription id="page-editor-description" className="sr-only">
          Write a note. It is saved as a memory.
        </DialogDescription>
        <RecorderBar
          recorder={meeting.recorder}
          onStop={() => void meeting.stop()}
          onRetry={() => void meeting.retry()}
          canRetry={meeting.canRetry}
          working={meeting.working}
          startLabel={recordOnOpen ? "Start recording" : "Record"}
          autoFocus={recordOnOpen}
        />
        <div className="min-h-60 flex-1 overflow-y-auto rounded-md border py-3">
          <Suspense
            fallback={
              <p className="flex items-center gap-2 px-4 text-sm text-muted-foreground">
                <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading editor…
              </p>
            }
          >
            <LazyBlockNoteEditor
              initialBlocks={page?.blocks}
              onChange={markDirty}
              onReady={onReady}
              onActions={onActions}
            />
          </Suspense>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter className="items-center">
          <span className="mr-auto text-xs text-muted-foreground" aria-live="polite">
            {saving ? "Saving…" : pageId.current ? "Saved" : ""}
          </span>
          {tooLarge && (
            <>
              <Button variant="ghost" onClick={discard} disabled={savingFile}>
                {previewMessages.discardNote}
              </Button>
              <Button variant="outline" onClick={() => void saveTextFile()} disabled={savingFile}>
                {savingFile && <Loader2Icon className="animate-spin" aria-hidden />}
                {previewMessages.saveAsTextFile}
              </Button>
            </>
          )}
          <Button onClick={() => void saveAndClose()} disabled={saving || savingFile}>
            {previewMessages.savePage}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
