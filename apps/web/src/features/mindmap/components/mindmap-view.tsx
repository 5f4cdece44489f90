import { useCallback, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Loader2Icon, NetworkIcon, RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchInput } from "@/components/ui/input";
import { getMindmap } from "../api/get-mindmap";
import { searchNodes } from "../logic/graph-view";
import { MindmapCanvas, type MindmapCanvasHandle } from "./mindmap-canvas";

/**
 * The mind map tab (spec 2 §2 `?tab=mindmap`): memories and collections linked by membership and
 * shared key terms; pan and zoom (mouse, wheel, touch), search to focus a node, click a node to
 * open it (a memory's preview, a collection's page).
 */
export default function MindmapView({
  onOpenMemory,
  onOpenCollection,
}: {
  onOpenMemory: (id: string) => void;
  onOpenCollection: (id: string) => void;
}) {
  const query = useQuery({
    queryKey: ["mindmap"],
    queryFn: ({ signal }) => getMindmap(signal),
    staleTime: 30_000,
  });
  const [search, setSearch] = useState("");
  const [focused, setFocused] = useState(-1);
  const canvas = useRef<MindmapCanvasHandle | null>(null);
  const map = query.data;
  const matches = useMemo(() => (map ? searchNodes(map, search) : []), [map, search]);
  const onReady = useCallback((h: MindmapCanvasHandle) => {
    canvas.current = h;
  }, []);

  if (query.isPending)
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading the mind map…
      </p>
    );
  if (query.isError)
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-sm" role="alert">
        <p>Couldn't load the mind map.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RotateCwIcon aria-hidden /> Retry
        </Button>
      </div>
    );
  if (map!.nodes.length === 0)
    return (
      <EmptyState
        icon={NetworkIcon}
        title="Your mind map is empty"
        description="Add memories and collections: the map links them by collection and by the words they share."
      />
    );

  const open = (i: number) => {
    const node = map!.nodes[i];
    setFocused(i);
    if (node.kind === "collection") onOpenCollection(node.id);
    else onOpenMemory(node.id);
  };
  const focus = (i: number) => {
    setFocused(i);
    canvas.current?.focus(i);
  };
  const selected = focused >= 0 ? map!.nodes[focused] : undefined;

  return (
    <div className="flex flex-col gap-3">
      <SearchInput
        className="max-w-md"
        value={search}
        onChange={setSearch}
        onKeyDown={(e) => {
          if (e.key === "Enter" && matches[0] !== undefined) focus(matches[0]);
        }}
        label="Find in the mind map"
      >
        {search.trim() && (
          <ul
            className="absolute top-full right-0 left-0 z-10 mt-1 max-h-72 overflow-auto rounded-lg border bg-popover p-1 shadow-md"
            aria-label="Mind map matches"
          >
            {matches.length === 0 && <li className="px-2 py-1.5 text-sm text-muted-foreground">No match</li>}
            {matches.map((i) => (
              <li key={map!.nodes[i].id}>
                <button
                  type="button"
                  className="w-full truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                  onClick={() => {
                    focus(i);
                    setSearch("");
                  }}
                >
                  {map!.nodes[i].title || "Untitled"}
                  <span className="ml-2 text-xs text-muted-foreground">
                    {map!.nodes[i].kind === "collection" ? "Collection" : map!.nodes[i].type}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </SearchInput>
      <div
        className="relative h-[65dvh] min-h-[360px] overflow-hidden rounded-xl border bg-card"
        data-testid="mindmap"
      >
        <MindmapCanvas map={map!} focused={focused} onOpen={open} onReady={onReady} />
        {selected && (
          <div className="absolute right-3 bottom-3 left-3 flex items-center gap-3 rounded-lg border bg-popover/95 p-3 shadow-md sm:left-auto sm:max-w-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{selected.title || "Untitled"}</p>
              <p className="truncate text-xs text-muted-foreground">
                {selected.kind === "collection"
                  ? "Collection"
                  : selected.terms.slice(0, 4).join(", ") || selected.type}
              </p>
            </div>
            <Button size="sm" onClick={() => open(focused)}>
              Open
            </Button>
          </div>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {map!.nodes.length} nodes · {map!.edges.length} links. Drag to pan, scroll or pinch to zoom, click a
        node to open it.
        {map!.truncated && " Only your most recent memories are shown."}
      </p>
    </div>
  );
}
