import { collectionMessages, type ImportCounts, type ImportItemError } from "@mnemo/contracts";
import { validateLink } from "@mnemo/contracts/links";
import type { PlannedCollection, PlannedItem } from "./parse/types.ts";

/**
 * What an import does with each item and collection, decided without I/O: the dry run's preview
 * and the import itself both go through the file with this, batch after batch, so the preview's
 * counts are the result's counts (issue 41).
 */

/** The web link an imported bookmark becomes: `http://` is upgraded to `https://` (spec 2 §9). */
export function importLink(url: string): { ok: true; url: string } | { ok: false; message: string } {
  return validateLink(url.trim().replace(/^http:\/\//i, "https://"));
}

export const missingFileMessage = "The file is missing from the archive or too large.";

/** The owner's collections when the run starts, and how many more the plan lets them create. */
export type CollectionsState = {
  /** Lower-cased name → id of each collection the owner holds. */
  byName: Map<string, string>;
  /** New collections the plan still allows; null: no cap. */
  slots: number | null;
  /** Why no more can be created (the plan's limit message). */
  refusal: string;
};

export type CollectionDecision = "existing" | "create" | "refused";

/** The running tally of one run: counts of what is created, and the decisions taken so far. */
export type Tally = {
  counts: ImportCounts;
  duplicates: number;
  failed: number;
  /** Per-item failures and notes, in file order. */
  errors: ImportItemError[];
  /** Planned collection key → what happens to it (decided at its first imported item). */
  decided: Map<string, CollectionDecision>;
  slots: number | null;
  /** Content hashes of the items this run imports, so a second copy in the file is a duplicate. */
  seen: Set<string>;
  readonly state: CollectionsState;
  readonly byKey: Map<string, PlannedCollection>;
};

export type Judged =
  | { outcome: "create"; url: string | null; hash: string | null; collections: string[] }
  | { outcome: "duplicate" }
  | { outcome: "failed" };

const decide = (t: Tally, c: PlannedCollection): CollectionDecision => {
  const known = t.decided.get(c.key);
  if (known) return known;
  let d: CollectionDecision;
  if (t.state.byName.has(c.name.toLowerCase())) d = "existing";
  else if (t.slots === null || t.slots > 0) {
    d = "create";
    if (t.slots !== null) t.slots--;
    t.counts.collections++;
  } else d = "refused";
  t.decided.set(c.key, d);
  return d;
};

/**
 * A run's tally before its first item: collections the file declares (a Mnemo export) are decided
 * now, in the file's order, whether or not anything goes into them; folders wait for an item.
 */
export function startTally(collections: PlannedCollection[], state: CollectionsState, chats: number): Tally {
  const t: Tally = {
    counts: { links: 0, notes: 0, files: 0, collections: 0, chats },
    duplicates: 0,
    failed: 0,
    errors: [],
    decided: new Map(),
    slots: state.slots,
    seen: new Set(),
    state,
    byKey: new Map(collections.map((c) => [c.key, c])),
  };
  for (const c of collections)
    if (c.declared && decide(t, c) === "refused")
      t.errors.push({
        item: c.name,
        message: collectionMessages.importedWithoutCollection({ name: c.name, reason: state.refusal }),
        note: true,
      });
  return t;
}

/**
 * Judges the next items of the file, in order, and adds them to the tally. `hashes[i]` is the
 * item's content hash (null when it has none), `known` the hashes the owner already holds, and
 * `hasFile` whether a file item's bytes were found in the archive.
 */
export function judgeItems(
  t: Tally,
  items: PlannedItem[],
  hashes: (string | null)[],
  known: Set<string>,
  hasFile: (it: PlannedItem) => boolean,
): Judged[] {
  return items.map((it, i): Judged => {
    const label = it.title || it.url || it.ref;
    let url: string | null = null;
    if (it.kind === "link") {
      const link = importLink(it.url ?? "");
      if (!link.ok) {
        t.failed++;
        t.errors.push({ item: label, message: link.message });
        return { outcome: "failed" };
      }
      url = link.url;
    }
    if (it.kind === "file" && !hasFile(it)) {
      t.failed++;
      t.errors.push({ item: label, message: missingFileMessage });
      return { outcome: "failed" };
    }
    const hash = hashes[i] ?? null;
    if (hash && (known.has(hash) || t.seen.has(hash))) {
      t.duplicates++;
      return { outcome: "duplicate" };
    }
    if (hash) t.seen.add(hash);
    t.counts[it.kind === "link" ? "links" : it.kind === "note" ? "notes" : "files"]++;
    const collections: string[] = [];
    for (const key of it.collections) {
      const c = t.byKey.get(key);
      if (!c) continue;
      if (decide(t, c) === "refused")
        t.errors.push({
          item: label,
          message: collectionMessages.importedWithoutCollection({ name: c.name, reason: t.state.refusal }),
          note: true,
        });
      else collections.push(key);
    }
    return { outcome: "create", url, hash, collections };
  });
}
