import fs from "node:fs/promises";
import path from "node:path";
import { noteItems } from "../../../platform/lib/front-matter.ts";
import { MAX_BYTES_PER_SYNC, maxBytesOf, syncedFileKind, type SyncedFileKind } from "./synced-files.ts";
import { ConnectError, type Connector, type SyncItem } from "./types.ts";

/** Files read from one folder at most (a vault of tens of thousands of notes is paged by syncs). */
export const MAX_FILES = 20_000;
/** Notes and files saved per sync: the rest follow in the next (the cursor only records what was saved). */
export const MAX_ITEMS_PER_SYNC = 2_000;

/**
 * The roots one user may read (issue 46): an APPS_FOLDER_ROOTS entry with `{user}` is that user's
 * own root (`/srv/notes/{user}` → `/srv/notes/<user id>`), so nobody may sync another user's;
 * an entry without it is shared by every user, as the operator chose. Without a known user
 * (never in practice) only the shared entries count.
 */
export function rootsFor(roots: readonly string[], ownerId: string | null | undefined): string[] {
  // A user id is one path segment: anything outside letters, digits, '-', '_' and '.' becomes '_'.
  const segment = ownerId ? ownerId.replace(/[^A-Za-z0-9._-]/g, "_") : "";
  const usable = segment !== "" && segment !== "." && segment !== "..";
  return roots.flatMap((root) =>
    !root.includes("{user}") ? [root] : usable ? [root.split("{user}").join(segment)] : [],
  );
}

/**
 * The real path of `input` when it lies inside one of the operator's allowed roots (after
 * resolving symlinks: a link out of a root is refused); undefined otherwise. Pass the roots of
 * the user (`rootsFor`).
 */
export async function allowedFolder(input: string, roots: readonly string[]): Promise<string | undefined> {
  if (!path.isAbsolute(input)) return undefined;
  let real: string;
  try {
    real = await fs.realpath(input);
    if (!(await fs.stat(real)).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  for (const root of roots) {
    let realRoot: string;
    try {
      realRoot = await fs.realpath(root);
    } catch {
      continue;
    }
    const rel = path.relative(realRoot, real);
    if (rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel))) return real;
  }
  return undefined;
}

type Seen = Record<string, string>;

type Found = { full: string; stamp: string; size: number; kind: SyncedFileKind };

/** Files Mnemo reads in the folder: relative path → "mtime:size", skipping dot folders and symlinks. */
async function walk(root: string): Promise<Map<string, Found>> {
  const out = new Map<string, Found>();
  const queue = [root];
  while (queue.length && out.size < MAX_FILES) {
    const dir = queue.shift()!;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.name.startsWith(".")) continue; // .obsidian, .git, .trash
      const full = path.join(dir, e.name);
      if (e.isDirectory()) queue.push(full);
      else if (e.isFile() && syncedFileKind(e.name)) {
        const st = await fs.lstat(full);
        out.set(path.relative(root, full).split(path.sep).join("/"), {
          full,
          stamp: `${Math.floor(st.mtimeMs)}:${st.size}`,
          size: st.size,
          kind: syncedFileKind(e.name)!,
        });
        if (out.size >= MAX_FILES) break;
      }
    }
  }
  return out;
}

/**
 * A folder or Obsidian vault on the server, under the roots the operator allows
 * (APPS_FOLDER_ROOTS). Each Markdown or text note becomes a memory (front-matter title and tags
 * kept, wiki-links left as written), and each PDF, Office document, spreadsheet or image a file
 * memory read by the extractors (up to the upload limit); a sync reads only notes whose modification time or size
 * changed, and deletes the memories of files that are gone. A watcher syncs soon after a change.
 */
export const folderConnector: Connector = {
  id: "folder",
  name: "Local folder",
  description: "Sync a folder or Obsidian vault on the server: notes with their tags and links.",
  status: "Active",
  rank: 4,
  domains: [],
  authKind: "credentials",
  capabilities: ["sync", "search", "content"],
  credentialFields: [
    {
      name: "path",
      label: "Folder path on the server",
      kind: "text",
      required: true,
      placeholder: "/srv/notes/vault",
      secret: false,
    },
  ],
  unavailableReason: null,
  unconfigured: (s) =>
    s.APPS_FOLDER_ROOTS.length
      ? null
      : "Not set up on this server: the operator lists the folders Mnemo may read in APPS_FOLDER_ROOTS.",

  async connect(credentials, deps) {
    const input = (credentials.path ?? "").trim();
    const real = await allowedFolder(input, rootsFor(deps.settings.APPS_FOLDER_ROOTS, deps.owner?.id));
    if (!real)
      throw new ConnectError(
        "This folder is not one Mnemo may read. Choose a folder inside an allowed root.",
      );
    return { externalId: real, title: path.basename(real) || real, orgUrl: null, config: { path: real } };
  },

  async sync(account, deps) {
    // The owner's roots at each sync: a folder connected before its root became per-user stops.
    const roots = rootsFor(deps.settings.APPS_FOLDER_ROOTS, account.ownerId);
    const root = await allowedFolder(String(account.config.path ?? ""), roots);
    if (!root) throw new ConnectError("The folder is gone or no longer allowed on this server.");
    const seen: Seen = { ...((account.cursor?.files as Seen | undefined) ?? {}) };
    const files = await walk(root);
    const notes: { key: string; fileName: string; text: string }[] = [];
    const blobs: SyncItem[] = [];
    let bytes = 0;
    for (const [key, f] of files) {
      if (seen[key] === f.stamp) continue;
      if (notes.length + blobs.length >= MAX_ITEMS_PER_SYNC || bytes >= MAX_BYTES_PER_SYNC) break;
      if (f.size > maxBytesOf(f.kind, deps.settings.UPLOAD_LIMIT_MB)) {
        seen[key] = f.stamp; // skipped for its size until it changes
        continue;
      }
      try {
        if (f.kind.kind === "note")
          notes.push({ key, fileName: path.basename(key), text: await fs.readFile(f.full, "utf8") });
        else {
          const data = await fs.readFile(f.full);
          blobs.push({
            kind: "blob",
            key,
            filename: path.basename(key),
            mimeType: f.kind.mimeType,
            bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
            version: f.stamp,
          });
        }
      } catch {
        continue; // vanished between listing and reading: the next sync sees it
      }
      bytes += f.size;
      seen[key] = f.stamp;
    }
    const items: SyncItem[] = [...(await noteItems(notes, deps.parseFrontMatter)), ...blobs];
    const removed = Object.keys(seen).filter((k) => !files.has(k));
    for (const k of removed) delete seen[k];
    return { items, cursor: { files: seen }, removed };
  },
};
