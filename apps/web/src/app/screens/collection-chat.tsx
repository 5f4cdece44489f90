import { ChatPanel } from "@/features/chat";

/** The collection's chat: questions are answered from this collection's memories only. */
export function CollectionChat({ collectionId }: { collectionId: string }) {
  return (
    <div className="h-[calc(100dvh-16rem-var(--notices-height,0px))] min-h-[28rem] overflow-hidden rounded-xl border">
      <ChatPanel collectionId={collectionId} />
    </div>
  );
}
