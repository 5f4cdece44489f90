/**
 * Recordings kept in the browser's IndexedDB while they are made (spec: audio is never lost):
 * each 1 s chunk is written as it arrives, so a crash, a closed tab or a reload keeps what was
 * recorded; the chunks are uploaded as a memory on stop, or on the next visit if that failed.
 */
const DB_NAME = "mnemo-recordings";
const VERSION = 1;

export type RecordingPurpose = "meeting" | "voice";

export type StoredRecording = {
  id: string;
  name: string;
  mimeType: string;
  purpose: RecordingPurpose;
  startedAt: number;
  /** The signed-in user who recorded it: only they get it uploaded on a later visit. */
  ownerId: string;
  /** Set once the audio is kept as a memory on the server. */
  sourceId?: string;
};

let opened: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore("recordings", { keyPath: "id" });
      db.createObjectStore("chunks", { keyPath: ["recordingId", "seq"] });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = undefined;
      reject(req.error);
    };
  });
  return opened;
}

function run<T>(
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => IDBRequest<T> | void,
) {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const tx = db.transaction(stores, mode);
        const req = work(tx);
        tx.oncomplete = () => resolve(req ? req.result : undefined);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

const chunkRange = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

export const recordingStore = {
  create: (r: StoredRecording) =>
    run(["recordings"], "readwrite", (tx) => tx.objectStore("recordings").put(r)),

  addChunk: (recordingId: string, seq: number, data: Blob) =>
    run(["chunks"], "readwrite", (tx) => tx.objectStore("chunks").put({ recordingId, seq, data })),

  /** The whole recording so far, as one Blob of its format. */
  async audio(r: StoredRecording): Promise<Blob> {
    const rows = (await run(["chunks"], "readonly", (tx) =>
      tx.objectStore("chunks").getAll(chunkRange(r.id)),
    )) as { data: Blob }[] | undefined;
    return new Blob(
      (rows ?? []).map((c) => c.data),
      { type: r.mimeType },
    );
  },

  markUploaded: async (r: StoredRecording, sourceId: string) => {
    await run(["recordings"], "readwrite", (tx) => tx.objectStore("recordings").put({ ...r, sourceId }));
    // The memory holds the audio now: the local copy is no longer needed.
    await run(["chunks"], "readwrite", (tx) => tx.objectStore("chunks").delete(chunkRange(r.id)));
  },

  remove: (id: string) =>
    run(["recordings", "chunks"], "readwrite", (tx) => {
      tx.objectStore("recordings").delete(id);
      tx.objectStore("chunks").delete(chunkRange(id));
    }),

  all: async () =>
    ((await run(["recordings"], "readonly", (tx) => tx.objectStore("recordings").getAll())) ??
      []) as StoredRecording[],
};

const lockName = (id: string) => `mnemo-recording-${id}`;

/**
 * Holds a Web Lock for the recording until `released` settles: another tab (or this one after a
 * reload) knows a recording whose lock is free was left behind and may be uploaded.
 */
export function holdRecordingLock(id: string, released: Promise<unknown>): void {
  if (!("locks" in navigator)) return;
  void navigator.locks.request(lockName(id), () => released.catch(() => undefined));
}

/** Whether no tab is still making this recording. */
export async function isAbandoned(id: string): Promise<boolean> {
  if (!("locks" in navigator)) return true;
  return navigator.locks.request(lockName(id), { ifAvailable: true }, (lock) => lock !== null);
}
