import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import {
  ArrowLeftIcon,
  FolderXIcon,
  Loader2Icon,
  MoreHorizontalIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";
import type { Collection } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { openUploadDialog } from "@/features/upload";
import { useMe } from "@/features/users/hooks/use-me";
import { ApiError, errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useCollection, useCollections } from "../hooks/use-collections";
import { AccessBadge } from "./access-badge";
import { CollectionChat } from "./collection-chat";
import { CollectionMemories } from "./collection-memories";
import { DeleteCollectionDialog, RenameCollectionDialog } from "./collection-settings-dialogs";
import { InstructionsCard } from "./instructions-card";
import { MembersCard } from "./members-card";

const views = ["memories", "chat"] as const;
type View = (typeof views)[number];

function NotFound({ id }: { id: string }) {
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

function Header({ collection, mine }: { collection: Collection; mine: boolean }) {
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
          <Button onClick={() => openUploadDialog({ collectionId: collection.collection_id })}>
            <PlusIcon aria-hidden /> Add memories
          </Button>
        )}
        {(p.update || p.delete) && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label="Collection actions">
                <MoreHorizontalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {p.update && (
                <DropdownMenuItem onSelect={() => setRenaming(true)}>
                  <PencilIcon aria-hidden /> Rename
                </DropdownMenuItem>
              )}
              {p.delete && (
                <DropdownMenuItem
                  onSelect={() => setDeleting(true)}
                  className="text-destructive focus:text-destructive"
                >
                  <Trash2Icon aria-hidden /> Delete collection
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
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

/** One collection: its memories as a wall, its chat, custom instructions and members. */
export function CollectionPage() {
  const { id = "" } = useParams();
  const { data: collection, isPending, error } = useCollection(id);
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "chat" ? "chat" : "memories";

  if (isPending)
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading collection…
      </p>
    );
  if (!collection) {
    const gone = !error || (error instanceof ApiError && (error.status === 404 || error.status === 403));
    if (gone) return <NotFound id={id} />;
    return (
      <p role="alert" className="py-16 text-center text-sm">
        Couldn't load this collection. {errorMessage(error)}
      </p>
    );
  }

  const mine = !!me && collection.owner_email === me.email;
  const setView = (v: View) =>
    setParams((p) => {
      if (v === "memories") p.delete("view");
      else p.set("view", v);
      return p;
    });

  return (
    <div className="flex flex-col gap-5">
      <Header collection={collection} mine={mine} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <div role="tablist" aria-label="Collection views" className="flex gap-1 border-b">
            {views.map((v) => (
              <button
                key={v}
                role="tab"
                type="button"
                aria-selected={view === v}
                onClick={() => setView(v)}
                className={cn(
                  "-mb-px border-b-2 px-3 py-2 text-sm font-medium capitalize outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
                  view === v
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {v === "memories" ? "Memories" : "Chat"}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            {view === "memories" ? (
              <CollectionMemories
                collection={collection}
                onAdd={() => openUploadDialog({ collectionId: collection.collection_id })}
              />
            ) : (
              <CollectionChat collectionId={collection.collection_id} />
            )}
          </div>
        </div>
        <aside className="flex flex-col gap-4">
          <InstructionsCard key={collection.custom_instructions} collection={collection} />
          <MembersCard collection={collection} />
        </aside>
      </div>
    </div>
  );
}
