import {
  BrainIcon,
  FileTextIcon,
  NetworkIcon,
  PenToolIcon,
  PinIcon,
  PlusIcon,
  SearchXIcon,
  UsersIcon,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { WallTab } from "../tabs";

/** The honest empty state of each wall view, and of a search or filter that found nothing. */
export function WallEmpty({
  tab,
  onAdd,
  filtered,
}: {
  tab: WallTab;
  onAdd: () => void;
  filtered: "search" | "filter" | null;
}) {
  if (filtered === "search")
    return (
      <EmptyState
        icon={SearchXIcon}
        title="No memories found"
        description="Try other words, or clear the filters."
      />
    );
  if (filtered === "filter")
    return (
      <EmptyState
        icon={SearchXIcon}
        title="No memories of these types"
        description="Clear the file-type filter to see everything."
      />
    );
  switch (tab) {
    case "everything":
      return (
        <EmptyState
          icon={BrainIcon}
          title="No memories yet"
          description="Memories are the links, files, notes and recordings you save. Add one to start building your second brain."
          action={
            <Button onClick={onAdd}>
              <PlusIcon aria-hidden /> Add your first memory
            </Button>
          }
        />
      );
    case "pinned":
      return (
        <EmptyState
          icon={PinIcon}
          title="No pinned memories"
          description="Pin a memory from its card menu to keep it here."
        />
      );
    case "pages":
      return (
        <EmptyState
          icon={FileTextIcon}
          title="No pages yet"
          description="Pages you write will show up here."
        />
      );
    case "shared":
      return (
        <EmptyState
          icon={UsersIcon}
          title="Nothing shared yet"
          description="Memories shared with you will show up here."
        />
      );
    case "mindmap":
      return (
        <EmptyState
          icon={NetworkIcon}
          title="Your mind map is empty"
          description="A map of how your memories connect."
        />
      );
    case "canvas":
      return (
        <EmptyState
          icon={PenToolIcon}
          title="No canvases yet"
          description="Sketch and arrange ideas on an open canvas."
          action={
            <Button asChild>
              <Link to="/canvas/new">
                <PlusIcon aria-hidden /> New canvas
              </Link>
            </Button>
          }
        />
      );
  }
}
