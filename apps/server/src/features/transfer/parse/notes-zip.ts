import { parse as parseYaml } from "yaml";
import { importMessages } from "@mnemo/contracts";
import { readNoteWith } from "../../../platform/lib/front-matter.ts";
import { kindByExtension } from "../../../platform/files/kinds.ts";
import { entryNames, readEntries, utf8 } from "./archive.ts";
import { CollectionSet, ImportParseError, item, tagsDescription } from "./types.ts";
import type { ImportPlan, ParseLimits } from "./types.ts";
import { pushItem } from "./lists.ts";

const NOTION_ID = /\s+[0-9a-f]{32}$/i;
const MIME: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  txt: "text/plain",
  csv: "text/csv",
  html: "text/html",
};

const ext = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? "";
const baseName = (name: string) => name.split("/").pop() ?? name;
/** A file or folder name without its extension and without Notion's 32-hex id. */
export const cleanName = (name: string) =>
  baseName(name)
    .replace(/\.[a-z0-9]{1,8}$/i, "")
    .replace(NOTION_ID, "")
    .trim();

/** The one folder every entry sits in (an exported vault's own folder), or "". */
function commonRoot(names: string[]): string {
  const first = names[0]?.split("/")[0];
  if (!first || names.some((n) => !n.startsWith(first + "/"))) return "";
  return first + "/";
}

/** Obsidian embeds `![[file.png]]` as Markdown images, so the reader sees the attachment by name. */
const embedsAsImages = (md: string) =>
  md.replace(/!\[\[([^\]|]+)(?:\|[^\]]*)?\]\]/g, (_m, f: string) => `![${f}](${encodeURI(f)})`);

/**
 * A Markdown folder, an Obsidian vault or a Notion export, zipped: each `.md` is a note (front
 * matter title and tags, inline #tags, wiki-links kept as written), every other supported file an
 * attachment memory; the top folder each sits in becomes its collection. Notion's ids are dropped
 * from names and its first `# Heading` is the title.
 */
export function parseNotesZip(
  bytes: Uint8Array,
  limits: ParseLimits,
  format: "markdown" | "notion",
): ImportPlan {
  const names = entryNames(bytes, limits);
  const root = commonRoot(names);
  const notes = names.filter((n) => ext(n) === "md" || ext(n) === "markdown");
  if (!notes.length && !names.some((n) => kindByExtension[ext(n)]))
    throw new ImportParseError(importMessages.empty, "empty");
  const texts = readEntries(bytes, limits, (n) => ext(n) === "md" || ext(n) === "markdown", 16 << 20);
  const plan: ImportPlan = { format, collections: [], items: [], chats: [], errors: [] };
  const collections = new CollectionSet();
  const collectionOf = (name: string) => {
    const parts = name.slice(root.length).split("/");
    return parts.length > 1 ? collections.add(cleanName(parts[0]!)) : null;
  };
  for (const name of names) {
    const e = ext(name);
    const key = collectionOf(name);
    const rel = name.slice(root.length);
    if (e === "md" || e === "markdown") {
      const text = texts[name];
      if (!text) {
        plan.errors.push({ item: rel, message: "The note is larger than 16 MB; skipped." });
        continue;
      }
      const note = readNoteWith(utf8(text), parseYaml);
      let body = embedsAsImages(note.body);
      let title = note.title;
      const heading = /^\s*#\s+(.+)\r?\n/.exec(body);
      if (!title && heading && format === "notion") {
        title = heading[1]!.trim();
        body = body.slice(heading[0].length);
      }
      pushItem(
        plan,
        limits,
        item({
          ref: rel,
          kind: "note",
          title: (title ?? cleanName(name)).slice(0, 500) || "Untitled",
          markdown: body,
          tags: note.tags,
          description: tagsDescription(note.tags),
          collections: key ? [key] : [],
        }),
      );
    } else if (kindByExtension[e] && !(format === "notion" && e === "csv")) {
      pushItem(
        plan,
        limits,
        item({
          ref: rel,
          kind: "file",
          type: MIME[e]?.startsWith("image/") ? "image" : "file",
          title: baseName(name),
          collections: key ? [key] : [],
          file: { path: name, name: baseName(name), mimeType: MIME[e] ?? "application/octet-stream" },
        }),
      );
    }
  }
  plan.collections = collections.list();
  return plan;
}
