import type { ImportFormat, ImportItemError } from "@mnemo/contracts";

/** A collection an import creates (or finds by name): `key` is how items refer to it. */
export type PlannedCollection = {
  key: string;
  name: string;
  description: string;
  instructions: string;
  /** Who it was shared with (Mnemo export only). */
  sharing?: PlannedSharing;
  /**
   * The file declares it as a collection (a Mnemo export): it is created even with no memory
   * imported into it. Without this it is a folder (bookmarks, notes, a list's column), which
   * becomes a collection only when at least one of its items is imported (issue 41).
   */
  declared?: boolean;
};

/** A collection's sharing as exported: grants by e-mail and organisation shares. */
export type PlannedSharing = {
  members: { email: string; role: string }[];
  organizations: { id: string; name: string; slug: string; role: string }[];
};

/**
 * One memory an import creates. `ref` names it in errors and, for a Mnemo export, is the original
 * id (chats point at it). Files are read from the archive at `path` when the item is applied.
 */
export type PlannedItem = {
  ref: string;
  kind: "link" | "note" | "file";
  /** The memory's type in Mnemo (a Mnemo export keeps the original: page, canvas, image …). */
  type: string;
  title: string;
  url: string | null;
  note: string;
  description: string;
  /** Readable content given with the item (a note's body, an exported memory's extracted text). */
  markdown: string | null;
  /** A page's editor blocks (Mnemo export only). */
  blocks: unknown[] | null;
  isPinned: boolean;
  /** ISO time the item was saved in the other product, when known. */
  createdAt: string | null;
  collections: string[];
  tags: string[];
  file: { path: string; name: string; mimeType: string } | null;
};

export type PlannedTurn = {
  query: string;
  answer: string;
  sources: unknown[];
  followUps: string[];
  llm: string | null;
  createdAt: string | null;
};

/** A chat of a Mnemo export, with the original ids of the memory / collection it was scoped to. */
export type PlannedChat = {
  ref: string;
  title: string;
  scope: string;
  collectionRef: string | null;
  sourceRef: string | null;
  /** It had a public link on the server it was exported from. */
  wasPublic: boolean;
  turns: PlannedTurn[];
};

/** What a parsed file will create: pure data, sent from the sandbox over IPC. */
export type ImportPlan = {
  format: ImportFormat;
  collections: PlannedCollection[];
  items: PlannedItem[];
  chats: PlannedChat[];
  /** A Mnemo export's review cards (review/cards.json), as exported: the importer checks each. */
  reviewCards?: unknown[];
  /** Entries of the file that could not be read (the rest is still imported). */
  errors: ImportItemError[];
};

/** Budgets of one parse (the archive and the number of items). */
export type ParseLimits = {
  maxItems: number;
  maxUnzippedBytes: number;
  maxEntries: number;
  maxRatio: number;
};

export const defaultParseLimits: ParseLimits = {
  maxItems: 200_000,
  maxUnzippedBytes: 1024 * 1024 * 1024,
  maxEntries: 50_000,
  maxRatio: 200,
};

/** A failure of the whole file (nothing is imported), with the user-facing message. */
export class ImportParseError extends Error {
  constructor(
    message: string,
    readonly code: "unsupported" | "malformed" | "too_large" | "too_many" | "zip_bomb" | "empty",
  ) {
    super(message);
  }
}

/** A fresh item with defaults. */
export function item(p: Partial<PlannedItem> & Pick<PlannedItem, "ref" | "kind" | "title">): PlannedItem {
  return {
    type: p.kind === "link" ? "webpage" : p.kind === "note" ? "local_source" : "file",
    url: null,
    note: "",
    description: "",
    markdown: null,
    blocks: null,
    isPinned: false,
    createdAt: null,
    collections: [],
    tags: [],
    file: null,
    ...p,
  };
}

/** A tag list as the memory's description (how the folder connector keeps them). */
export const tagsDescription = (tags: string[]) =>
  tags.length ? `Tags: ${tags.map((t) => `#${t}`).join(" ")}` : "";

/** Seconds or milliseconds since the epoch, or a date string, as ISO; null when unreadable. */
export function isoTime(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : /^\d+$/.test(String(value)) ? Number(value) : NaN;
  const d = Number.isFinite(n) ? new Date(n < 1e12 ? n * 1000 : n) : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Collections by name, each name once (keyed by its lower-cased name). */
export class CollectionSet {
  private readonly byKey = new Map<string, PlannedCollection>();
  add(name: string): string | null {
    const clean = name.trim().slice(0, 200);
    if (!clean) return null;
    const key = clean.toLowerCase();
    if (!this.byKey.has(key)) this.byKey.set(key, { key, name: clean, description: "", instructions: "" });
    return key;
  }
  list(): PlannedCollection[] {
    return [...this.byKey.values()];
  }
}
