import { z } from "zod";
import { memories } from "./constants.ts";

/** Memory kinds (spec 2 §1). App results use the app id as their type. */
export const sourceTypes = [
  "file",
  "local_source",
  "page",
  "webpage",
  "web_search",
  "collection",
  "image",
  "canvas",
] as const;

/** Wall tabs (spec 2 §2, constants.memories.tabs) plus the pinned view. */
export const wallTabs = [...memories.tabs, "pinned"] as const;
export type WallTab = (typeof wallTabs)[number];

export const sortOrders = ["most-relevant", "recent", "oldest"] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * `file_types` values of the wall's type filter that name a kind of memory rather than a type
 * (issue 41): a recording (an audio file kept as a memory) and a memory from a connected app
 * (its `app` is set, or its type is an app id). Canvas is its type, `canvas`.
 */
export const kindFileTypes = { recording: "recording", fromApps: "from_apps" } as const;

/** A memory as the wall and the preview see it (spec 2 §3 Source). */
/** A file attached to a memory's original item (an e-mail's attachment, spec 2 §3). */
export const zSourceAttachment = z.object({ id: z.string(), title: z.string(), url: z.string().nullable() });
export type SourceAttachment = z.infer<typeof zSourceAttachment>;

export const zSource = z.object({
  id: z.string(),
  title: z.string(),
  note: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  timestamp: z.number(),
  type: z.string(),
  app: z.string().nullable(),
  /** Files attached to the item the memory came from; empty for most memories. */
  attachments: z.array(zSourceAttachment),
  collections: z.array(z.object({ collection_id: z.string(), collection_name: z.string() })),
  thumbnail_url: z.string().nullable(),
  error: z.string().nullable(),
  warning: z.string().nullable(),
  meta: z.object({
    source: z.string(),
    status: z.enum(["in_progress", "success", "errored"]),
    owner: z.string(),
    collaborators: z.array(z.string()),
    iframe_support: z.boolean().nullable(),
    is_pinned: z.boolean(),
    isCanvas: z.boolean(),
    file_type: z.string().optional(),
    /**
     * Set when asking for a screenshot thumbnail is pointless: one was tried and failed, or the
     * viewer is not the owner. The web does not ask the server for one then.
     */
    screenshot_unavailable: z.boolean().optional(),
  }),
  /** What the viewer may do (so the UI hides what it may not). */
  /** What the viewer may do: edit (pages), delete and pin are for owners or as the collection allows. */
  policies: z.object({ edit: z.boolean(), delete: z.boolean(), pin: z.boolean() }),
});
export type Source = z.infer<typeof zSource>;

export const zListSourcesQuery = z.object({
  tab: z.enum(wallTabs).default("everything"),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
  sort: z.enum(sortOrders).default("recent"),
  /** Comma-separated file types (pdf, docx, webpage, image …). */
  file_types: z.string().optional(),
  /** Comma-separated app ids (mail, webdav …): only memories that came from these connected apps. */
  apps: z.string().max(500).optional(),
  collection_id: z.string().optional(),
});
export type ListSourcesQuery = z.infer<typeof zListSourcesQuery>;

export const zSourceList = z.object({
  results: z.array(zSource),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  has_more: z.boolean(),
});
export type SourceList = z.infer<typeof zSourceList>;

/** Search memories (spec 2 §7): fuzzy over title, note, description, url + content through the index. */
export const zSearchSourcesInput = z.object({
  search_query: z.string().trim().min(1).max(500),
  active_item: z.enum(wallTabs).default("everything"),
  sort: z.enum(sortOrders).default("most-relevant"),
  file_types: z.array(z.string()).max(30).default([]),
  /** App ids (spec 2 §3 Search filters "apps"): only memories that came from these connected apps. */
  apps: z.array(z.string().max(50)).max(20).default([]),
  collection_id: z.string().optional(),
  limit: z.number().int().min(1).max(100).default(50),
});
export type SearchSourcesInput = z.input<typeof zSearchSourcesInput>;

export const zSearchSourcesResult = z.object({
  results: z.array(
    zSource.extend({ match: z.enum(["fuzzy", "content", "both"]), snippet: z.string().nullable() }),
  ),
});
export type SearchSourcesResult = z.infer<typeof zSearchSourcesResult>;

export const zRenameSourceInput = z.object({
  source_id: z.string(),
  new_title: z.string().trim().min(1, "Title cannot be empty.").max(300),
});
export const zUpdateDescriptionInput = z.object({ source_id: z.string(), description: z.string().max(5000) });
export const zUpdateNoteInput = z.object({ source_id: z.string(), note: z.string().max(20000) });
export const zPinSourceInput = z.object({ source_id: z.string(), is_pinned: z.boolean() });
export const zDeleteSourcesInput = z.object({ source_ids: z.array(z.string()).min(1).max(500) });
export const zDeleteSourcesResponse = z.object({ deleted: z.array(z.string()) });
/** POST /api/sources/:id/retry: the memory is indexed again. */
export const zRetrySourceResponse = z.object({ source_id: z.string(), status: z.literal("in_progress") });

/** One memory in a ledger (issue 43): its indexing state and, when it failed, why. */
export const zLedgerItem = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(["in_progress", "success", "errored"]),
  reason: z.string().nullable(),
  /** Skipped, not failed: over the size limit, never read (a retry does not help; a change in the app does). */
  skipped: z.boolean().optional(),
});
export type LedgerItem = z.infer<typeof zLedgerItem>;

/** A ledger's memories by state: "423 of 501 indexed, 3 failed, 75 skipped: too large". */
export const zLedgerCoverage = z.object({
  total: z.number().int(),
  indexed: z.number().int(),
  /** Failed to index (damaged, empty, unsupported …): listed with their reasons. */
  failed: z.number().int(),
  /** Skipped: over the upload size limit (never read; listed with the failed ones too). */
  skipped: z.number().int(),
  in_progress: z.number().int(),
});

/**
 * The memories a ledger counts apart from connected apps: `uploads`, the files and links the user
 * saved here; `imports`, what imports brought in.
 */
export const zIndexingOrigin = z.enum(["uploads", "imports"]);
export type IndexingOrigin = z.infer<typeof zIndexingOrigin>;

/** GET /indexing/ledger (ours, issue 43): the uploads' or imports' coverage, failures and latest. */
export const zIndexingLedgerQuery = z.object({ origin: zIndexingOrigin });
export const zIndexingLedgerResponse = z.object({
  origin: zIndexingOrigin,
  coverage: zLedgerCoverage,
  /** The failed memories with their reasons (at most 1,000, by title). */
  problems: z.array(zLedgerItem),
  /** The latest memories, newest first (at most 50), with their state. */
  recent: z.array(zLedgerItem),
});
export type IndexingLedgerResponse = z.infer<typeof zIndexingLedgerResponse>;

/** POST /indexing/retry_failed (ours): the failed uploads or imports (one, or all) indexed again. */
export const zIndexingRetryInput = z.object({
  origin: zIndexingOrigin,
  source_id: z.string().trim().min(1).max(100).optional(),
});
export const zIndexingRetryResponse = z.object({ retried: z.number().int() });

/** Preview URLs for images and canvases (spec 2 §7): list of {file_id, owner, type} → map id → URL. */
export const zPreviewUrlsInput = z.object({
  items: z.array(z.object({ file_id: z.string(), owner: z.string().optional(), type: z.string() })).max(200),
});
export const zPreviewUrls = z.record(z.string(), z.string());

/** Preview content (spec 2 §3): what the preview pane renders, or why it cannot. */
export const zSourceContent = z.object({
  source_id: z.string(),
  status: z.enum(["ok", "too_large", "unavailable"]),
  content: z.object({
    text: z.string().nullable(),
    markdown: z.string().nullable(),
    html_base64: z.string().nullable(),
    csv_base64: z.string().nullable(),
    files: z.array(z.object({ name: z.string(), url: z.string(), mime_type: z.string(), size: z.number() })),
    blocks: z.unknown().nullable(),
  }),
  original_url: z.string().nullable(),
});
export type SourceContent = z.infer<typeof zSourceContent>;

/** Limits above which a preview is refused as too large (spec 2 §5 Preview: values not shown). */
export const previewLimits = { htmlOrCsvBytes: 2 * 1024 * 1024, textOrMarkdownChars: 1_000_000 } as const;

/** Keeps the original extension of file, image and canvas titles when renaming (spec 2 §5). */
export function renameKeepingExtension(type: string, oldTitle: string, newTitle: string): string {
  const title = newTitle.trim();
  if (!["file", "image", "canvas", "local_source"].includes(type)) return title;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(oldTitle)?.[0];
  if (!ext || title.toLowerCase().endsWith(ext.toLowerCase())) return title;
  return title + ext;
}
