import { useParams, useSearchParams } from "react-router";
import { Loader2Icon } from "lucide-react";
import {
  CollectionHeader,
  CollectionNotFound,
  InstructionsCard,
  MembersCard,
  useCollection,
} from "@/features/collections";
import { BriefPanel, PassagesPanel } from "@/features/brief";
import { MakeReviewCardsButton } from "@/features/review";
import { openUploadDialog } from "@/features/upload";
import { useMe } from "@/features/users";
import { ApiError, errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { CollectionChat } from "./collection-chat";
import { CollectionMemories } from "./collection-memories";

const views = ["memories", "chat", "brief", "passages"] as const;
type View = (typeof views)[number];
const viewLabels: Record<View, string> = {
  memories: "Memories",
  chat: "Chat",
  brief: "Brief",
  passages: "Find every passage",
};

/** One collection: its memories as a wall, its chat, custom instructions and members. */
export function CollectionScreen() {
  const { id = "" } = useParams();
  const { data: collection, isPending, error } = useCollection(id);
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const view: View = views.find((v) => v === params.get("view")) ?? "memories";
  const passagesQuery = params.get("q") ?? "";

  if (isPending)
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading collection…
      </p>
    );
  if (!collection) {
    const gone = !error || (error instanceof ApiError && (error.status === 404 || error.status === 403));
    if (gone) return <CollectionNotFound id={id} />;
    return (
      <p role="alert" className="py-16 text-center text-sm">
        Couldn't load this collection. {errorMessage(error)}
      </p>
    );
  }

  const mine = !!me && collection.owner_email === me.email;
  const setView = (v: View, q?: string) =>
    setParams((p) => {
      if (v === "memories") p.delete("view");
      else p.set("view", v);
      if (q !== undefined) p.set("q", q);
      else if (v !== "passages") p.delete("q");
      return p;
    });

  return (
    <div className="flex flex-col gap-5">
      <CollectionHeader
        collection={collection}
        mine={mine}
        onAddMemories={() => openUploadDialog({ collectionId: collection.collection_id })}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-2 border-b">
            <div role="tablist" aria-label="Collection views" className="-mb-px flex gap-1 overflow-x-auto">
              {views.map((v) => (
                <button
                  key={v}
                  role="tab"
                  type="button"
                  aria-selected={view === v}
                  onClick={() => setView(v)}
                  className={cn(
                    "border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
                    view === v
                      ? "border-primary text-foreground"
                      : "border-transparent text-muted-foreground hover:text-foreground",
                  )}
                >
                  {viewLabels[v]}
                </button>
              ))}
            </div>
            <div className="pb-1.5">
              <MakeReviewCardsButton collectionId={collection.collection_id} />
            </div>
          </div>
          <div role="tabpanel">
            {view === "memories" ? (
              <CollectionMemories
                collection={collection}
                onAdd={() => openUploadDialog({ collectionId: collection.collection_id })}
              />
            ) : view === "chat" ? (
              <CollectionChat collectionId={collection.collection_id} />
            ) : view === "brief" ? (
              <BriefPanel collectionId={collection.collection_id} onTerm={(t) => setView("passages", t)} />
            ) : (
              <PassagesPanel
                collectionId={collection.collection_id}
                query={passagesQuery}
                onQuery={(q) => setView("passages", q)}
              />
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
