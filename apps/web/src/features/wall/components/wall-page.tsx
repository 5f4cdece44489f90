import { Suspense, useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useSelection } from "@/hooks/use-selection";
import { useQueryClient } from "@tanstack/react-query";
import {
  FilePlusIcon,
  FolderPlusIcon,
  Loader2Icon,
  PenToolIcon,
  PlusIcon,
  RotateCwIcon,
  Trash2Icon,
} from "lucide-react";
import { previewMessages, type Source } from "@mnemo/contracts";
import { routes } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { SelectionBar } from "@/components/selection-bar";
import { PageEditorDialog } from "@/features/pages";
import { openUploadDialog } from "@/features/upload";
import { useConnectedAppOptions } from "@/features/apps";
import { MindmapView } from "@/features/mindmap";
import { refreshMemoryLists } from "@/lib/query-keys";
import { usePreviewParam } from "@/hooks/use-preview-param";
import { useMemorySearch } from "../hooks/use-memory-search";
import { useWallActions } from "../hooks/use-wall-actions";
import { useWallSources } from "../hooks/use-wall-sources";
import { fileTypesFor } from "../logic/source-label";
import { listedTabs, parseWallTab } from "../tabs";
import { DeleteMemoriesDialog } from "./delete-dialog";
import { FilterBar, noWallFilters } from "./filter-bar";
import { MemoryGrid } from "./memory-grid";
import { WallEmpty } from "./wall-empty";
import { WallTabs } from "./wall-tabs";

/**
 * The memory wall at the main route; the view comes from `?tab=` (default everything) and an
 * open preview from `?preview=<id>`, so a reload keeps both. `onAddMemory` opens the capture
 * dialog; `onAddToCollection` stays absent until collections provide their dialog;
 * `onMakeReviewCards` makes a memory's review cards (the app wires the review feature); `renderPreview`
 * draws the open memory (the app composes the preview with its chat).
 */
export function WallPage({
  onAddMemory = () => openUploadDialog(),
  onAddToCollection,
  onMakeReviewCards,
  renderPreview,
}: {
  onAddMemory?: () => void;
  onAddToCollection?: (ids: string[]) => void;
  onMakeReviewCards?: (id: string) => void;
  renderPreview: (p: { sourceId: string; initial?: Source; onClose: () => void }) => ReactNode;
}) {
  const [params] = useSearchParams();
  const tab = parseWallTab(params.get(routes.memoryTabQuery));
  const { previewId, openPreview: openPreviewId, closePreview } = usePreviewParam();
  const listed = listedTabs.includes(tab);
  const [filters, setFilters] = useState(noWallFilters);
  const { query, sort, fileTypes, apps } = filters;
  const appOptions = useConnectedAppOptions(listed);
  const { selected, toggle, clear: clearSelection, drop: dropSelection } = useSelection();
  const [toDelete, setToDelete] = useState<Source[] | null>(null);
  // The Pages view starts a new page titled 'New Page' (spec 2 §2, spec 3 §2).
  const [newPage, setNewPage] = useState(false);
  const queryClient = useQueryClient();

  const types = useMemo(() => fileTypesFor(fileTypes), [fileTypes]);
  const list = useWallSources(tab, sort, types, listed, apps);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.results) ?? [], [list.data]);
  const search = useMemorySearch(query, items, tab, sort, types, apps);
  const shown = search.active ? search.results : items;
  const { pin } = useWallActions();
  const navigate = useNavigate();

  const openPreview = (src: Source) => openPreviewId(src.id);
  const byId = new Map(shown.map((s) => [s.id, s]));

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Memories"
        description="Everything you have saved, in one place."
        actions={
          <>
            {tab === "canvas" && (
              <Button asChild variant="outline">
                <Link to="/canvas/new">
                  <PenToolIcon aria-hidden /> New canvas
                </Link>
              </Button>
            )}
            {tab === "pages" && (
              <Button onClick={() => setNewPage(true)} variant="outline">
                <FilePlusIcon aria-hidden /> {previewMessages.newPageTitle}
              </Button>
            )}
            <Button onClick={onAddMemory} variant="outline">
              <PlusIcon aria-hidden /> Add memory
            </Button>
          </>
        }
      />
      {newPage && (
        <PageEditorDialog
          open={newPage}
          onOpenChange={setNewPage}
          defaultTitle={previewMessages.newPageTitle}
          onSaved={() => void refreshMemoryLists(queryClient)}
        />
      )}
      <WallTabs active={tab} />
      {listed && (
        <FilterBar
          filters={filters}
          onChange={(changed) => setFilters((f) => ({ ...f, ...changed }))}
          appOptions={appOptions}
          searching={search.pending}
        />
      )}
      <section aria-label="Memories" aria-busy={list.isLoading || search.pending}>
        {tab === "mindmap" ? (
          <Suspense
            fallback={
              <p
                className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground"
                role="status"
              >
                <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading the mind map…
              </p>
            }
          >
            <MindmapView
              onOpenMemory={openPreviewId}
              onOpenCollection={(id) => void navigate(`/collections/${encodeURIComponent(id)}`)}
            />
          </Suspense>
        ) : !listed ? (
          <WallEmpty tab={tab} onAdd={onAddMemory} filtered={null} />
        ) : list.isLoading ? (
          <p
            className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground"
            role="status"
          >
            <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading memories…
          </p>
        ) : list.isError && items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-sm" role="alert">
            <p>Couldn't load your memories.</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              <RotateCwIcon aria-hidden /> Retry
            </Button>
          </div>
        ) : shown.length === 0 && !(search.active && search.pending) ? (
          <WallEmpty
            tab={tab}
            onAdd={onAddMemory}
            filtered={search.active ? "search" : fileTypes.length > 0 || apps.length > 0 ? "filter" : null}
          />
        ) : (
          <MemoryGrid
            items={shown}
            selected={selected}
            onToggleSelect={toggle}
            onOpen={openPreview}
            onPin={(s, p) => pin.mutate({ id: s.id, pinned: p })}
            onDelete={(s) => setToDelete([s])}
            onAddToCollection={onAddToCollection ? (s) => onAddToCollection([s.id]) : undefined}
            onMakeReviewCards={onMakeReviewCards ? (s) => onMakeReviewCards(s.id) : undefined}
            hasMore={!search.active && !!list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => !list.isFetchingNextPage && void list.fetchNextPage()}
          />
        )}
      </section>
      <SelectionBar count={selected.size} onClear={clearSelection}>
        <Button
          variant="outline"
          size="sm"
          onClick={onAddToCollection ? () => onAddToCollection([...selected]) : undefined}
          disabled={!onAddToCollection}
          title={onAddToCollection ? undefined : "Collections arrive soon"}
        >
          <FolderPlusIcon aria-hidden /> Add to collection
        </Button>
        {!onAddToCollection && <span className="text-xs text-muted-foreground">Collections arrive soon</span>}
        <Button
          variant="destructive"
          size="sm"
          onClick={() => setToDelete([...selected].map((id) => byId.get(id)).filter((s): s is Source => !!s))}
        >
          <Trash2Icon aria-hidden /> Delete
        </Button>
      </SelectionBar>
      <DeleteMemoriesDialog
        memories={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(ids) => {
          dropSelection(ids);
          if (previewId && ids.includes(previewId)) closePreview();
        }}
      />
      {previewId &&
        renderPreview({
          sourceId: previewId,
          initial: items.find((s) => s.id === previewId),
          onClose: closePreview,
        })}
    </div>
  );
}
