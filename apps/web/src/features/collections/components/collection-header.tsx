import { useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  ArrowLeftIcon,
  DownloadIcon,
  FolderXIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PenToolIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";
import { toast } from "sonner";
import type { Collection } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";
import { errorMessage } from "@/lib/api";
import { downloadExport } from "@/features/transfer";
import { EmptyState } from "@/components/ui/empty-state";
import { useCollections } from "../hooks/use-collections";
import { AccessBadge } from "./access-badge";
import { DeleteCollectionDialog, RenameCollectionDialog } from "./collection-settings-dialogs";

/** A collection id that does not exist or is not shared with the viewer. */
export function CollectionNotFound({ id }: { id: string }) {
  return (
    <EmptyState
      icon={FolderXIcon}
      title="Collection not found"
      description={`There is no collection with the id “${id}”, or it is not shared with you.`}
      action={
        <Button asChild variant="outline">
          <Link to="/collections">Back to collections</Link>
        </Button>
      }
    />
  );
}

/**
 * A collection's title, access and counts, with the actions its `policies` allow: a new canvas
 * saved into the collection, add memories (`onAddMemories`, the capture dialog the app passes
 * in), rename and delete.
 */
export function CollectionHeader({
  collection,
  mine,
  onAddMemories,
}: {
  collection: Collection;
  mine: boolean;
  onAddMemories: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const { data: all } = useCollections();
  const p = collection.policies;
  const n = collection.document_count;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <Link
          to="/collections"
          className="mb-1 inline-flex items-center gap-1 text-xs text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="size-3.5" aria-hidden /> Collections
        </Link>
        <h1 className="flex flex-wrap items-baseline gap-x-2 text-2xl font-semibold tracking-tight break-words">
          {collection.collection_name}
          <AccessBadge access={collection.access} shared={!mine} className="text-sm" />
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {collection.description ? `${collection.description} · ` : ""}
          {n} {n === 1 ? "memory" : "memories"}
          {!mine && ` · shared by ${collection.owner_email}`}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {p.add_sources && (
          <Button asChild variant="outline">
            <Link to={`/canvas/new?collection=${encodeURIComponent(collection.collection_id)}`}>
              <PenToolIcon aria-hidden /> New canvas
            </Link>
          </Button>
        )}
        {p.add_sources && (
          <Button onClick={onAddMemories}>
            <PlusIcon aria-hidden /> Add memories
          </Button>
        )}
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button variant="outline" size="icon" aria-label="Collection actions">
              <MoreHorizontalIcon aria-hidden />
            </Button>
          </Menu.Trigger>
          <Menu.Content align="end">
            <Menu.Item
              onSelect={() =>
                void downloadExport(collection.collection_id).catch((err: unknown) =>
                  toast.error(errorMessage(err)),
                )
              }
            >
              <DownloadIcon aria-hidden /> Export as zip
            </Menu.Item>
            {p.update && (
              <Menu.Item onSelect={() => setRenaming(true)}>
                <PencilIcon aria-hidden /> Rename
              </Menu.Item>
            )}
            {p.delete && (
              <Menu.Item onSelect={() => setDeleting(true)} destructive>
                <Trash2Icon aria-hidden /> Delete collection
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Root>
      </div>
      {renaming && (
        <RenameCollectionDialog
          collection={collection}
          siblings={(all ?? [])
            .filter((c) => c.owner_email === collection.owner_email)
            .map((c) => c.collection_name)}
          open={renaming}
          onOpenChange={setRenaming}
        />
      )}
      <DeleteCollectionDialog
        collection={collection}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => navigate("/collections", { replace: true })}
      />
    </div>
  );
}
