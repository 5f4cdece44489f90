import { z } from "zod";

/**
 * Import and export (issue 23). The spec names no calls for them: these REST paths are ours, in
 * the spec's style, listed in /api/openapi.json. An import is a background run with a dry-run
 * preview, progress, duplicates skipped and counted, and errors per item.
 */

/** Formats the importer reads; `auto` detects from the file's name and first bytes. */
export const importFormats = [
  "mnemo",
  "bookmarks_html",
  "pocket",
  "raindrop",
  "omnivore",
  "karakeep",
  "readwise",
  "markdown",
  "notion",
  "csv",
] as const;
export const zImportFormat = z.enum(importFormats);
export type ImportFormat = z.infer<typeof zImportFormat>;

/** Names shown to people choosing a file (settings and CLI). */
export const importFormatLabels: Record<ImportFormat, string> = {
  mnemo: "Mnemo export (zip)",
  bookmarks_html: "Browser bookmarks (HTML)",
  pocket: "Pocket (CSV or HTML)",
  raindrop: "Raindrop.io (CSV)",
  omnivore: "Omnivore (JSON or zip)",
  karakeep: "Karakeep / Hoarder (JSON)",
  readwise: "Readwise (CSV)",
  markdown: "Markdown folder or Obsidian vault (zip)",
  notion: "Notion export (zip)",
  csv: "CSV with a url column",
};

/** queued → parsing → previewed (dry run) | running → done | failed */
export const zImportStatus = z.enum(["queued", "parsing", "previewed", "running", "done", "failed"]);
export type ImportStatus = z.infer<typeof zImportStatus>;

/**
 * What a run will create (dry run) or created, by kind: items already saved, items that fail and
 * collections that cannot be created are not counted (the preview and the result count alike).
 */
export const zImportCounts = z.object({
  links: z.number().int(),
  notes: z.number().int(),
  files: z.number().int(),
  collections: z.number().int(),
  chats: z.number().int(),
});
export type ImportCounts = z.infer<typeof zImportCounts>;

/**
 * One line of a run's per-item list. Without `note` the item was not imported (or, for sharing,
 * not restored); with `note` it was imported and the message says what it was imported without.
 */
export const zImportItemError = z.object({
  item: z.string(),
  message: z.string(),
  note: z.boolean().optional(),
});
export type ImportItemError = z.infer<typeof zImportItemError>;

export const zImportSample = z.object({
  kind: z.enum(["link", "note", "file"]),
  title: z.string(),
  url: z.string().nullable(),
  collections: z.array(z.string()),
});

export const zImportRun = z.object({
  id: z.string(),
  format: zImportFormat.nullable(),
  file_name: z.string(),
  dry_run: z.boolean(),
  status: zImportStatus,
  /** Items the file holds (memories; collections and chats are counted in `planned`). */
  total: z.number().int(),
  /** Items handled so far (created, skipped or failed). */
  processed: z.number().int(),
  created: z.number().int(),
  duplicates: z.number().int(),
  failed: z.number().int(),
  /** What the file holds, by kind (known once parsed). */
  planned: zImportCounts.nullable(),
  /** The first items, for the dry-run preview. */
  sample: z.array(zImportSample),
  /** Errors per item (the first 200). */
  errors: z.array(zImportItemError),
  /** Why the whole run failed (nothing was imported), else null. */
  message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportRun = z.infer<typeof zImportRun>;

/** POST /import: the file is the request body; these travel in the query. */
export const zStartImportQuery = z.object({
  file_name: z.string().trim().min(1).max(300),
  format: z.union([zImportFormat, z.literal("auto")]).default("auto"),
  dry_run: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});
export type StartImportQuery = z.input<typeof zStartImportQuery>;

export const zImportRunResponse = z.object({ run: zImportRun });
export const zImportRunsResponse = z.object({ runs: z.array(zImportRun) });
export const zImportIdParam = z.object({ id: z.string().min(1).max(100) });

/** GET /export: everything (no query) or one collection the user may read. */
export const zExportQuery = z.object({ collection_id: z.string().min(1).max(100).optional() });

/** Version of the export layout (docs/export-format.md); the importer reads this and older. */
export const exportFormatVersion = 1;

export const importMessages = {
  unsupported:
    "This file is not a format Mnemo can import. Supported: Mnemo export, browser bookmarks (HTML), Pocket, Raindrop, Omnivore, Karakeep, Readwise, Markdown or Obsidian zip, Notion zip.",
  malformed: "The file could not be read: it is damaged or not what its name says.",
  tooLarge: "The file is larger than the import limit.",
  tooManyItems: "The file holds more items than one import takes.",
  zipBomb: "The archive inflates far beyond its size; it was refused.",
  empty: "The file holds nothing to import.",
  notPreviewed: "Only a previewed dry run can be started.",
  /** A note on an entry whose name held NUL characters (they cannot be stored; they were removed). */
  nulInName: "Its name held NUL characters; they were removed.",
} as const;
