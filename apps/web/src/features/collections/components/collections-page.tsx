import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { FolderClosedIcon, FolderPlusIcon, Loader2Icon, RotateCwIcon, UsersIcon } from "lucide-react";
import { collectionMessages, type Collection } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useMe } from "@/features/users";
import { useCollections } from "../hooks/use-collections";
import { AccessBadge } from "./access-badge";
import { CreateCollectionDialog } from "./create-collection-dialog";

const memoryCount = (n: number) => `${n} ${n === 1 ? "memory" : "memories"}`;

function CollectionCard({ c, mine }: { c: Collection; mine: boolean }) {
  const members = c.read.length + c.write.length + c.admin.length;
  return (
    <li className="flex">
      <Link
        to={`/collections/${encodeURIComponent(c.collection_id)}`}
        data-testid="collection-card"
        className="flex w-full flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs transition outline-none hover:border-primary/50 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <div className="flex items-start gap-2">
          <FolderClosedIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <h2 className="min-w-0 flex-1 truncate font-semibold">{c.collection_name}</h2>
          <AccessBadge access={c.access} shared={!mine} className="shrink-0" />
        </div>
        {c.description && <p className="line-clamp-2 text-sm text-muted-foreground">{c.description}</p>}
        {c.top_documents.length > 0 && (
          <ul className="flex flex-col gap-0.5 text-xs text-muted-foreground">
            {c.top_documents.slice(0, 3).map((d) => (
              <li key={d.id} className="truncate">
                · {d.title || "Untitled"}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex items-center gap-3 pt-1 text-xs text-muted-foreground">
          <span className="shrink-0 whitespace-nowrap">{memoryCount(c.document_count)}</span>
          {members > 1 && (
            <span className="inline-flex shrink-0 items-center gap-1">
              <UsersIcon className="size-3.5" aria-hidden /> {members}
            </span>
          )}
          {!mine && <span className="ml-auto min-w-0 truncate">by {c.owner_email}</span>}
        </div>
      </Link>
    </li>
  );
}

/** Collections list: the user's own and those shared with them, with memory counts. */
export function CollectionsPage() {
  const { data, isPending, isError, refetch } = useCollections();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const create = (
    <Button onClick={() => setCreating(true)}>
      <FolderPlusIcon aria-hidden /> {collectionMessages.createNewCollection}
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Collections"
        description="Group memories and chat over them together."
        actions={data && data.length > 0 ? create : undefined}
      />
      {isPending ? (
        <p
          className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground"
          role="status"
        >
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading collections…
        </p>
      ) : isError ? (
        <div className="flex flex-col items-center gap-3 py-16 text-sm" role="alert">
          <p>Couldn't load your collections.</p>
          <Button variant="outline" onClick={() => void refetch()}>
            <RotateCwIcon aria-hidden /> Retry
          </Button>
        </div>
      ) : data.length === 0 ? (
        <EmptyState
          icon={FolderClosedIcon}
          title="No collections yet"
          description="Collections group related memories so you can search, chat and share them together."
          action={create}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Collections">
          {data.map((c) => (
            <CollectionCard key={c.collection_id} c={c} mine={!!me && c.owner_email === me.email} />
          ))}
        </ul>
      )}
      <CreateCollectionDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(c) => navigate(`/collections/${encodeURIComponent(c.collection_id)}`)}
      />
    </div>
  );
}
