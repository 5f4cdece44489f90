import { useSyncExternalStore } from "react";

export type UploadItemKind = "link" | "file" | "page";
export type UploadItemStatus = "idle" | "uploading" | "indexing" | "success" | "errored" | "blocked";

export interface UploadItem {
  /** Local key of the row. */
  key: string;
  kind: UploadItemKind;
  title: string;
  status: UploadItemStatus;
  /** Memory id once the server knows the item. */
  serverId?: string;
  /** Type sent to verify indexing (webpage, file, image, page). */
  serverType: string;
  link?: string;
  note?: string;
  size?: number;
  error?: string;
  warning?: string;
  /** Registered on the notification card (after Save Memories). */
  notify: boolean;
  /** Shown in the add-memory dialog's upload list. */
  inDialog: boolean;
}

export interface UploadState {
  dialogOpen: boolean;
  collectionId?: string;
  /** Opened by the share-target landing: Save Memories waits for running uploads (spec 3 §4). */
  shared?: boolean;
  items: UploadItem[];
  /** The card's indexing check is on. */
  checking: boolean;
  detailsOpen: boolean;
}

let state: UploadState = { dialogOpen: false, items: [], checking: false, detailsOpen: false };
const listeners = new Set<() => void>();

export const uploadStore = {
  get: (): UploadState => state,
  set(update: Partial<UploadState> | ((s: UploadState) => Partial<UploadState>)) {
    const patch = typeof update === "function" ? update(state) : update;
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  updateItem(key: string, patch: Partial<UploadItem>) {
    uploadStore.set((s) => ({ items: s.items.map((i) => (i.key === key ? { ...i, ...patch } : i)) }));
  },
  findItem: (key: string): UploadItem | undefined => state.items.find((i) => i.key === key),
  /** Back to the initial state (a session ended; tests start clean). */
  reset() {
    state = { dialogOpen: false, items: [], checking: false, detailsOpen: false };
    listeners.forEach((l) => l());
  },
};

export function useUploadState<T>(select: (s: UploadState) => T): T {
  return useSyncExternalStore(uploadStore.subscribe, () => select(uploadStore.get()));
}

/** Opens the add-memory dialog (the Upload Memories panel), optionally inside a collection. */
export function openUploadDialog(opts: { collectionId?: string; shared?: boolean } = {}) {
  uploadStore.set({ dialogOpen: true, collectionId: opts.collectionId, shared: opts.shared ?? false });
}

export function closeUploadDialog() {
  uploadStore.set({ dialogOpen: false });
}

let counter = 0;
export function newItemKey(): string {
  counter += 1;
  return `item-${Date.now().toString(36)}-${counter}`;
}
