import { linkMessages, uploadMessages } from "@mnemo/contracts";
import { reportError } from "@/lib/report-error";
import { getSource } from "../api/get-source";
import { verifyIndexing } from "../api/verify-indexing";
import { warningMessage } from "../logic/link-save";
import { createIndexingPoller, mapIndexingStatus } from "../logic/tracker";
import { uploadStore, type UploadItem } from "./upload-store";

const indexingItems = (): UploadItem[] =>
  uploadStore.get().items.filter((i) => i.status === "indexing" && i.serverId);

async function checkIndexing() {
  const items = indexingItems();
  if (items.length === 0) return;
  const results = await verifyIndexing(items.map((i) => ({ type: i.serverType, id: i.serverId as string })));
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

/** One tracker for the whole app: polls verify-indexing every 3 s while any item is indexing. */
const poller = createIndexingPoller({ check: checkIndexing, hasWork: () => indexingItems().length > 0 });

/** Call when an item starts indexing. */
export function wakeIndexingTracker() {
  poller.wake();
}
