import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { previewMessages } from "@mnemo/contracts";
import type { Source } from "@mnemo/contracts";
import { LazyBlockNoteEditor, createAutosaver, savePage, type EditorContent } from "@/features/pages";
import { getPage } from "../api/get-page";
import { PreviewError, PreviewLoading } from "./preview-states";
import { queryKeys } from "@/lib/query-keys";
import { usePassageRanges } from "../hooks/use-passage-ranges";
import { PassageNotice } from "./passage-frame";
import { recordingIdOf } from "../logic/recording-link";
import { contentView } from "../logic/pane";
import { decodeBase64Utf8 } from "../logic/csv";
import { useSourceContent } from "../hooks/use-preview-data";
import { SeekableAudio } from "./seekable-audio";

/**
 * A page memory as its block document, editable only when the viewer may edit it (spec 2 §5
 * Page editing). Changes autosave every 5 s, on Ctrl/Cmd+S and when the preview closes.
 */
export function PagePane({
  source,
  quote,
  time,
}: {
  source: Source;
  quote?: string;
  /** A cited transcript line's second: the page's recording starts there (issue 22). */
  time?: number;
}) {
  const body = useRef<HTMLDivElement>(null);
  const page = useQuery({
    queryKey: queryKeys.sources.page(source.id),
    queryFn: ({ signal }) => getPage(source.id, signal),
    staleTime: 0,
  });
  const qc = useQueryClient();
  const read = useRef<(() => EditorContent) | null>(null);
  const title = useRef(source.title);
  title.current = source.title;
  const [saver] = useState(() =>
    createAutosaver({
      save: async () => {
        const c = read.current?.();
        if (!c) return;
        await savePage({ title: title.current, blocks: c.blocks, markdown: c.markdown }, source.id);
        void qc.invalidateQueries({ queryKey: queryKeys.sources.lists });
      },
      onError: () => toast.error(previewMessages.pageSaveFailed),
    }),
  );
  useEffect(() => () => saver.dispose(), [saver]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void saver.flush();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [saver]);
  const passage = usePassageRanges(body, quote, page.isSuccess);
  const onReady = useCallback((r: () => EditorContent) => {
    read.current = r;
  }, []);

  if (page.isPending) return <PreviewLoading label="Loading page…" />;
  if (page.isError) return <PreviewError onRetry={() => void page.refetch()} />;
  const editable = source.policies.edit;
  const recordingId = recordingIdOf(page.data.markdown);
  return (
    <div ref={body} className="mx-auto w-full max-w-3xl p-4" data-testid="page-pane">
      {passage === "missing" && <PassageNotice />}
      {recordingId && <RecordingPlayer sourceId={recordingId} time={time} />}
      {!editable && (
        <p className="mb-2 text-xs text-muted-foreground">You can read this page but not edit it.</p>
      )}
      <Suspense fallback={<PreviewLoading label="Loading editor…" />}>
        <LazyBlockNoteEditor
          initialBlocks={page.data.blocks}
          editable={editable}
          onChange={() => saver.markDirty()}
          onReady={onReady}
        />
      </Suspense>
    </div>
  );
}

/** The meeting's recording above its transcript, at the cited second when a citation opened it. */
function RecordingPlayer({ sourceId, time }: { sourceId: string; time?: number }) {
  const content = useSourceContent(sourceId, "success", true);
  if (!content.data || content.data.status !== "ok") return null;
  const view = contentView("file", content.data.content, decodeBase64Utf8, "preview");
  if (view.kind !== "audio") return null;
  return (
    <div className="mb-3 rounded-md border p-2" data-testid="page-recording">
      <SeekableAudio url={view.url} name={view.name} mimeType={view.mimeType} time={time} />
    </div>
  );
}
