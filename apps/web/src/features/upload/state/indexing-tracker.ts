import { linkMessages, uploadMessages } from "@mnemo/contracts";
import { isLive, onLiveChange } from "@/lib/live-events";
import { reportError } from "@/lib/report-error";
import { getSource } from "../api/get-source";
import { verifyIndexing } from "../api/verify-indexing";
import { warningMessage } from "../logic/link-save";
import { createIndexingPoller, mapIndexingStatus } from "../logic/tracker";
import { uploadStore, type UploadItem } from "./upload-store";

const indexingItems = (): UploadItem[] =>
  uploadStore.get().items.filter((i) => i.status === "indexing" && i.serverId);

type IndexingResult = {
  id: string;
  type: string;
  indexing_status: string;
  error?: string | null;
  warning?: string | null;
};

/** Statuses the live stream reported for memories no item was waiting on yet (a fast worker). */
const early = new Map<string, IndexingResult>();
const EARLY_KEPT = 100;

async function checkIndexing() {
  const items = indexingItems();
  if (items.length === 0) return;
  applyResults(
    items,
    await verifyIndexing(items.map((i) => ({ type: i.serverType, id: i.serverId as string }))),
  );
}

function applyResults(items: UploadItem[], results: IndexingResult[]) {
  const byId = new Map(results.map((r) => [r.id, r]));
  for (const item of items) {
    const r = byId.get(item.serverId as string);
    if (!r) continue;
    const status = mapIndexingStatus(r.indexing_status);
    if (status === "indexing") continue;
    const fallback = item.kind === "link" ? linkMessages.webpageNotResponding : uploadMessages.itemFailed;
    uploadStore.updateItem(item.key, {
      status,
      error: status === "errored" ? (r.error ?? fallback) : undefined,
      warning: warningMessage(r.warning) ?? item.warning,
    });
    // Errored items are reported (spec 2 §4: "errored calls the item's error handler and reports").
    if (status === "errored") reportError(new Error(r.error ?? fallback), { sourceId: r.id, type: r.type });
    // A link row shows its URL until the page is read; then the memory's title.
    if (status === "success" && item.kind === "link") {
      void getSource(r.id)
        .then((source) => source.title && uploadStore.updateItem(item.key, { title: source.title }))
        .catch(() => undefined);
    }
  }
}

/**
 * One tracker for the whole app: polls verify-indexing every 3 s while any item is indexing and the
 * live stream is down (the spec's polling, kept as the fallback); while it is up, its indexing
 * events settle the items (`applyIndexingEvent`).
 */
const poller = createIndexingPoller({
  check: checkIndexing,
  hasWork: () => !isLive() && indexingItems().length > 0,
});

/** Call when an item starts indexing (or the live stream dropped). */
export function wakeIndexingTracker() {
  const items = indexingItems();
  const known = items.filter((i) => early.has(i.serverId as string));
  if (known.length) {
    applyResults(
      known,
      known.map((i) => early.get(i.serverId as string)!),
    );
    for (const i of known) early.delete(i.serverId as string);
  }
  poller.wake();
}

/** A live `indexing` event: the memory's new status, applied to the items waiting on it. */
export function applyIndexingEvent(e: { id: string; type: string; indexing_status: string }) {
  const status = e.indexing_status === "indexing" ? "in_progress" : e.indexing_status;
  const waiting = indexingItems().filter((i) => i.serverId === e.id);
  const result = { id: e.id, type: e.type, indexing_status: status };
  if (waiting.length === 0) {
    if (status === "in_progress") return;
    early.set(e.id, result);
    // Most such events are other tabs' memories: keep only the latest few.
    if (early.size > EARLY_KEPT) early.delete(early.keys().next().value!);
    return;
  }
  // An errored memory's message and a link's warning come from the check (the event is brief).
  if (status === "errored") void checkIndexing().catch(() => undefined);
  else applyResults(waiting, [result]);
}

onLiveChange(() => {
  if (!isLive()) wakeIndexingTracker();
});
