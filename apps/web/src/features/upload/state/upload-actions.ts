import { toast } from "sonner";
import { uploadMessages } from "@mnemo/contracts";
import { errorMessage } from "@/lib/api";
import { savePage } from "@/features/pages";
import { fetchPageMetadata } from "../api/fetch-page-metadata";
import { uploadFile } from "../api/upload-file";
import { uploadWebPages } from "../api/upload-web-pages";
import { uploadSourceType } from "../logic/file-pick";
import { saveLinks } from "../logic/link-save";
import { newItemKey, uploadStore, type UploadItem } from "./upload-store";
import { wakeIndexingTracker } from "./indexing-tracker";

/** In-flight requests per item, so removing an item aborts its request. */
const controllers = new Map<string, AbortController>();

function addItems(items: UploadItem[]) {
  uploadStore.set((s) => ({ items: [...s.items, ...items] }));
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/** Saves links (Add Links dialog Done): rows go uploading, then indexing, errored or blocked. */
export async function addLinks(links: { link: string; note?: string }[], collectionId?: string) {
  const items: UploadItem[] = links.map((l) => ({
    key: newItemKey(),
    kind: "link",
    title: l.link,
    link: l.link,
    note: l.note,
    status: "uploading",
    serverType: "webpage",
    notify: false,
    inDialog: true,
  }));
  addItems(items);
  const outcomes = await saveLinks(links, {
    upload: (pages) => uploadWebPages(pages, collectionId),
    fetchMetadata: (url) => fetchPageMetadata(url),
  });
  outcomes.forEach((o, i) => {
    const key = items[i].key;
    if (!uploadStore.findItem(key)) return;
    if (o.status === "indexing")
      uploadStore.updateItem(key, { status: "indexing", serverId: o.id, warning: o.warning });
    else uploadStore.updateItem(key, { status: o.status, error: o.message });
  });
  wakeIndexingTracker();
}

/** Uploads one picked file for its row: idle holding an id, then uploading, then indexing. */
async function uploadFileForItem(key: string, file: File, collectionId?: string) {
  const controller = new AbortController();
  controllers.set(key, controller);
  try {
    await uploadFile(file, {
      collectionId,
      signal: controller.signal,
      onLocated: (fileId) => uploadStore.updateItem(key, { serverId: fileId, status: "uploading" }),
    });
    uploadStore.updateItem(key, { status: "indexing" });
    wakeIndexingTracker();
  } catch (err) {
    if (isAbort(err) || !uploadStore.findItem(key)) return;
    uploadStore.updateItem(key, { status: "errored", error: errorMessage(err, uploadMessages.uploadFailed) });
  } finally {
    controllers.delete(key);
  }
}

/** Where new rows show: the add-memory dialog's list, or straight on the notification card. */
type Placement = { notify: boolean; inDialog: boolean };
const inDialog: Placement = { notify: false, inDialog: true };
const onCard: Placement = { notify: true, inDialog: false };

/** Adds picked files (already validated) to the list and starts their uploads. */
export function addFiles(files: File[], collectionId?: string, placement: Placement = inDialog) {
  void uploadFiles(files, collectionId, placement);
}

/** Lists the files and uploads each; settles when every one is saved or has failed. */
async function uploadFiles(files: File[], collectionId: string | undefined, placement: Placement) {
  const items: UploadItem[] = files.map((file) => ({
    key: newItemKey(),
    kind: "file",
    title: file.name,
    size: file.size,
    status: "idle",
    serverType: uploadSourceType(file.name),
    ...placement,
  }));
  addItems(items);
  await Promise.all(items.map((item, i) => uploadFileForItem(item.key, files[i], collectionId)));
}

/** A sample memory shipped with Mnemo: a web page with its content, a text page, or a file. */
export type SampleUpload =
  | { kind: "link"; link: string; title: string; description: string; content: string }
  | { kind: "page"; title: string; markdown: string }
  | { kind: "file"; file: File };

/** A page's blocks from its (simple) Markdown: headings, bullet items and paragraphs. */
export function markdownBlocks(markdown: string): unknown[] {
  const text = (t: string) => [{ type: "text", text: t, styles: {} }];
  const blocks: unknown[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", content: text(paragraph.join(" ")) });
    paragraph = [];
  };
  for (const raw of markdown.split("\n")) {
    const line = raw.trim();
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ type: "heading", props: { level: heading[1].length }, content: text(heading[2]) });
    } else if (line.startsWith("- ")) {
      flush();
      blocks.push({ type: "bulletListItem", content: text(line.slice(2)) });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Saves one sample page by the page path (its memory indexes like a note the user wrote). */
async function savePageForItem(
  key: string,
  page: { title: string; markdown: string },
  collectionId?: string,
) {
  try {
    const saved = await savePage({
      title: page.title,
      blocks: markdownBlocks(page.markdown),
      markdown: page.markdown,
      collections: collectionId ? [collectionId] : [],
    });
    uploadStore.updateItem(key, { serverId: saved.id, status: "indexing" });
    wakeIndexingTracker();
  } catch (err) {
    uploadStore.updateItem(key, { status: "errored", error: errorMessage(err, uploadMessages.uploadFailed) });
  }
}

/**
 * Adds sample memories through the real upload paths (web pages with their content, text pages by
 * the page path, files by the presigned upload), so they are indexed, citable and removable like
 * any memory (spec 3 §9). `toCard` registers them on the notification card instead of the dialog.
 */
export async function addSamples(
  samples: SampleUpload[],
  collectionId?: string,
  opts: { toCard?: boolean } = {},
) {
  const placement = opts.toCard ? onCard : inDialog;
  if (opts.toCard) uploadStore.set({ checking: true });
  const files = samples.flatMap((s) => (s.kind === "file" ? [s.file] : []));
  const texts = samples.flatMap((s) => (s.kind === "page" ? [s] : []));
  const pages = samples.flatMap((s) => (s.kind === "link" ? [s] : []));
  const uploading = files.length ? uploadFiles(files, collectionId, placement) : Promise.resolve();
  const textItems: UploadItem[] = texts.map((t) => ({
    key: newItemKey(),
    kind: "page",
    title: t.title,
    status: "uploading",
    serverType: "page",
    ...placement,
  }));
  addItems(textItems);
  const saving = texts.map((t, i) => savePageForItem(textItems[i].key, t, collectionId));
  if (pages.length) await uploadSampleWebPages(pages, collectionId, placement);
  await Promise.all([...saving, uploading]);
}

/** Sample web pages with their bundled content, by the web-page upload (no fetch of the link). */
async function uploadSampleWebPages(
  pages: Extract<SampleUpload, { kind: "link" }>[],
  collectionId: string | undefined,
  placement: Placement,
) {
  const items: UploadItem[] = pages.map((p) => ({
    key: newItemKey(),
    kind: "link",
    title: p.title,
    link: p.link,
    status: "uploading",
    serverType: "webpage",
    ...placement,
  }));
  addItems(items);
  try {
    const results = await uploadWebPages(
      pages.map((p) => ({ link: p.link, title: p.title, description: p.description, content: p.content })),
      collectionId,
    );
    results.forEach((r, i) => {
      const key = items[i].key;
      if (!uploadStore.findItem(key)) return;
      if (r.id) uploadStore.updateItem(key, { status: "indexing", serverId: r.id });
      else
        uploadStore.updateItem(key, { status: "errored", error: r.message ?? uploadMessages.uploadFailed });
    });
  } catch (err) {
    for (const item of items)
      uploadStore.updateItem(item.key, {
        status: "errored",
        error: errorMessage(err, uploadMessages.uploadFailed),
      });
  }
  wakeIndexingTracker();
}

/** A text shared from another app becomes a page memory (its first words as the title when untitled). */
export async function addSharedText(title: string, text: string) {
  const key = newItemKey();
  const name = title || text.split(/\s+/).slice(0, 8).join(" ").slice(0, 80) || "Shared text";
  addItems([
    {
      key,
      kind: "page",
      title: name,
      status: "uploading",
      serverType: "page",
      notify: false,
      inDialog: true,
    },
  ]);
  try {
    const markdown = text;
    const blocks = text.split(/\n{2,}/).map((p) => ({
      type: "paragraph",
      content: [{ type: "text", text: p, styles: {} }],
    }));
    const page = await savePage({ title: name, blocks, markdown });
    uploadStore.updateItem(key, { serverId: page.id, status: "indexing" });
    wakeIndexingTracker();
  } catch (err) {
    uploadStore.updateItem(key, { status: "errored", error: errorMessage(err, uploadMessages.uploadFailed) });
  }
}

/** A page saved by the page editor joins the list as indexing. */
export function addSavedPage(page: { id: string; title: string }) {
  const existing = uploadStore.get().items.find((i) => i.serverId === page.id);
  if (existing) {
    uploadStore.updateItem(existing.key, { title: page.title, status: "indexing" });
  } else {
    addItems([
      {
        key: newItemKey(),
        kind: "page",
        title: page.title,
        serverId: page.id,
        status: "indexing",
        serverType: "page",
        notify: false,
        inDialog: true,
      },
    ]);
  }
  wakeIndexingTracker();
}

/** A memory the server already holds, as the upload list shows it again. */
export type RestoredMemory = {
  id: string;
  title: string;
  type: string;
  url: string | null;
  status: "in_progress" | "success" | "errored";
  error?: string | null;
};

/**
 * Shows memories the server already holds as rows of the upload list (onboarding's step 1 after a
 * reload): indexed ones as Added, the others indexing (tracked as usual) or failed. A memory
 * already listed is not added twice.
 */
export function restoreUploadRows(memories: RestoredMemory[]) {
  const known = new Set(uploadStore.get().items.map((i) => i.serverId));
  const rows: UploadItem[] = memories
    .filter((m) => !known.has(m.id))
    .map((m) => ({
      key: newItemKey(),
      kind: m.type === "webpage" ? "link" : m.type === "page" ? "page" : "file",
      title: m.title,
      link: m.type === "webpage" ? (m.url ?? undefined) : undefined,
      serverId: m.id,
      serverType: m.type,
      status: m.status === "in_progress" ? "indexing" : m.status === "errored" ? "errored" : "success",
      error: m.status === "errored" ? (m.error ?? uploadMessages.uploadFailed) : undefined,
      notify: false,
      inDialog: true,
    }));
  if (!rows.length) return;
  addItems(rows);
  wakeIndexingTracker();
}

/**
 * The session ended (sign-out or an expired session): every upload stops, the indexing tracker
 * has nothing left to poll, and the rows (titles and links of the user's memories) are forgotten.
 */
export function endUploadSession() {
  controllers.forEach((c) => c.abort());
  controllers.clear();
  uploadStore.reset();
}

/** Removes a row and aborts its in-flight request. */
export function removeItem(key: string) {
  controllers.get(key)?.abort();
  controllers.delete(key);
  uploadStore.set((s) => ({ items: s.items.filter((i) => i.key !== key) }));
}

/** The background-upload toast's id: the card closes it once its promise ("You'll be notified") is kept. */
export const BACKGROUND_TOAST_ID = "upload-background";

/**
 * Save Memories: the dialog closes, items that reached the server (or are still uploading) move to
 * the notification card, and the background toast shows. Failed rows without a memory are dropped.
 */
export function saveMemories() {
  uploadStore.set((s) => ({
    dialogOpen: false,
    checking: true,
    items: s.items
      .filter(
        (i) => !i.inDialog || i.serverId !== undefined || i.status === "uploading" || i.status === "idle",
      )
      .map((i) => (i.inDialog ? { ...i, inDialog: false, notify: true } : i)),
  }));
  // Only when something is still on its way: rows already Added have nothing left to upload.
  // Bottom centre: beside the notification card (bottom right), over no heading; on phones the
  // toasts sit above the card (the Toaster's mobile offset).
  const pending = uploadStore
    .get()
    .items.some((i) => i.status === "idle" || i.status === "uploading" || i.status === "indexing");
  if (pending) toast(uploadMessages.backgroundUpload, { id: BACKGROUND_TOAST_ID, position: "bottom-center" });
  wakeIndexingTracker();
}

/** Skip: closes the dialog; uploads that have not reached the server are cancelled. */
export function skipUploads() {
  for (const item of uploadStore.get().items) {
    if (item.inDialog && (item.status === "idle" || item.status === "uploading"))
      controllers.get(item.key)?.abort();
  }
  uploadStore.set((s) => ({ dialogOpen: false, items: s.items.filter((i) => !i.inDialog) }));
}
