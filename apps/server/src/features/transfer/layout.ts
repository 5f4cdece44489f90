import { exportFormatVersion } from "@mnemo/contracts";

/**
 * The export's layout (docs/export-format.md), shared by the writer and the importer:
 *
 *   manifest.json                 { format: "mnemo-export", version, exported_at, scope, counts }
 *   collections.json              [{ id, name, description, custom_instructions, memory_ids, sharing }]
 *   memories/<id>/memory.md       YAML front matter (id, type, title, url, …) + extracted Markdown
 *   memories/<id>/blocks.json     a page's editor blocks
 *   memories/<id>/files/<name>    the original file (uploads, images, canvases)
 *   chats/<id>.json               { id, title, scope, collection_id, source_id, turns: [...] }
 *   review/cards.json             the exporter's review cards of these memories, with their schedule
 */
export const MANIFEST = "manifest.json";
export const COLLECTIONS = "collections.json";
export const memoryDir = (id: string) => `memories/${id}`;
export const memoryFile = (id: string) => `${memoryDir(id)}/memory.md`;
export const blocksFile = (id: string) => `${memoryDir(id)}/blocks.json`;
export const originalFile = (id: string, name: string) => `${memoryDir(id)}/files/${safeFileName(name)}`;
export const chatFile = (id: string) => `chats/${id}.json`;
export const REVIEW_CARDS = "review/cards.json";

/** A file name safe in any unzip tool: no folders, no control or reserved characters. */
export function safeFileName(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_")
    .replace(/^\.+/, "_")
    .slice(0, 180)
    .trim();
  return clean || "file";
}

export type Manifest = {
  format: "mnemo-export";
  version: number;
  exported_at: string;
  scope: "everything" | "collection";
  collection_id?: string;
  counts: { memories: number; collections: number; chats: number; files: number; review_cards?: number };
};

export const newManifest = (scope: Manifest["scope"], collectionId?: string): Manifest => ({
  format: "mnemo-export",
  version: exportFormatVersion,
  exported_at: new Date().toISOString(),
  scope,
  ...(collectionId ? { collection_id: collectionId } : {}),
  counts: { memories: 0, collections: 0, chats: 0, files: 0 },
});

/** What memory.md's front matter holds. */
export type MemoryFrontMatter = {
  id: string;
  type: string;
  title: string;
  url: string | null;
  note: string;
  description: string;
  is_pinned: boolean;
  status: string;
  created_at: string;
  collections: string[];
  /** Path of the original file inside the export, when there is one. */
  file: string | null;
  file_name?: string;
  mime_type?: string;
};

/**
 * Who a collection was shared with (only in collections the exporter administers; absent in
 * exports made before sharing was exported, read as "not shared").
 */
export type ExportedSharing = {
  /** Grants by e-mail; `pending`: not yet bound to an account (the invitation was not claimed). */
  members: { email: string; role: string; pending: boolean }[];
  /** Organisations the collection was shared with as a whole. */
  organizations: { id: string; name: string; slug: string; role: string }[];
};

export type ExportedCollection = {
  id: string;
  name: string;
  description: string;
  custom_instructions: string;
  memory_ids: string[];
  sharing?: ExportedSharing;
};

export type ExportedChat = {
  id: string;
  title: string;
  scope: string;
  collection_id: string | null;
  source_id: string | null;
  created_at: string;
  /** Whether the chat had a public link (the link itself is not exported: it names this server). */
  public?: boolean;
  turns: {
    query: string;
    answer: string;
    sources: unknown[];
    follow_ups: string[];
    llm: string | null;
    created_at: string;
  }[];
};
