import Papa from "papaparse";
import { importMessages } from "@mnemo/contracts";
import { CollectionSet, ImportParseError, item, isoTime, tagsDescription } from "./types.ts";
import type { ImportPlan, ParseLimits, PlannedItem } from "./types.ts";

type Row = Record<string, string>;

/** Reads a CSV with a header row; column names are matched without case or spaces. */
export function readCsv(text: string): Row[] {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (h) => h.trim().toLowerCase().replace(/\s+/g, "_"),
  });
  if (!parsed.meta.fields?.length) throw new ImportParseError(importMessages.malformed, "malformed");
  return parsed.data;
}

const splitTags = (value: string | undefined, sep: RegExp) =>
  (value ?? "")
    .split(sep)
    .map((t) => t.trim().replace(/^#/, ""))
    .filter(Boolean);

/** Which list export a CSV header is (null: not one we know; a `url` column is still read). */
export function csvFormat(fields: string[]): keyof typeof rowReaders | null {
  const has = (...names: string[]) => names.every((n) => fields.includes(n));
  if (has("time_added", "url")) return "pocket";
  if (has("url", "folder") && (has("excerpt") || has("note"))) return "raindrop";
  if (has("highlight", "book_title")) return "readwise";
  if (has("title", "url", "document_tags")) return "readwise";
  if (fields.includes("url")) return "csv";
  return null;
}

function guard(plan: ImportPlan, limits: ParseLimits) {
  if (plan.items.length >= limits.maxItems)
    throw new ImportParseError(importMessages.tooManyItems, "too_many");
}

/** One link as a list export's row gives it. */
type LinkFields = {
  url?: string;
  title?: string;
  note?: string;
  tags: string[];
  createdAt: string | null;
  collection?: string;
};

/** How each list export's columns read as a link (a plain CSV: any `url` column). */
const rowReaders: Record<"pocket" | "raindrop" | "readwise" | "csv", (r: Row) => LinkFields> = {
  pocket: (r) => ({
    url: r.url,
    title: r.title,
    tags: splitTags(r.tags, /\|/),
    createdAt: isoTime(r.time_added),
  }),
  raindrop: (r) => ({
    url: r.url,
    title: r.title,
    note: [r.note, r.excerpt].filter(Boolean).join("\n\n"),
    tags: splitTags(r.tags, /,/),
    createdAt: isoTime(r.created),
    collection: r.folder && r.folder !== "Unsorted" ? r.folder : undefined,
  }),
  readwise: (r) => ({
    url: r.url,
    title: r.title,
    tags: splitTags(r.document_tags, /,/),
    createdAt: isoTime(r.saved_date),
  }),
  csv: (r) => ({
    url: r.url,
    title: r.title ?? r.name,
    note: r.note,
    tags: splitTags(r.tags, /[,|]/),
    createdAt: isoTime(r.created ?? r.created_at),
  }),
};

function linkRow(
  plan: ImportPlan,
  limits: ParseLimits,
  ref: string,
  fields: LinkFields,
  collections: CollectionSet,
) {
  const url = (fields.url ?? "").trim();
  if (!url) {
    plan.errors.push({ item: ref, message: "No URL; skipped." });
    return;
  }
  guard(plan, limits);
  const key = fields.collection ? collections.add(fields.collection) : null;
  plan.items.push(
    item({
      ref: url,
      kind: "link",
      title: (fields.title ?? "").trim().slice(0, 500),
      url,
      note: fields.note ?? "",
      tags: fields.tags,
      description: tagsDescription(fields.tags),
      createdAt: fields.createdAt,
      collections: key ? [key] : [],
    }),
  );
}

/**
 * Pocket CSV (title,url,time_added,tags with `|`,status), Raindrop CSV (folder → collection,
 * note, excerpt, tags), Readwise Reader CSV (Title, URL, Document tags, Saved date) and Readwise
 * highlights CSV (one note per book or article, its highlights quoted), or any CSV with a `url`.
 */
export function parseListCsv(text: string, limits: ParseLimits): ImportPlan {
  const rows = readCsv(text);
  const fields = Object.keys(rows[0] ?? {});
  const format = csvFormat(fields);
  if (!format) throw new ImportParseError(importMessages.unsupported, "unsupported");
  const plan: ImportPlan = { format, collections: [], items: [], chats: [], errors: [] };
  const collections = new CollectionSet();
  if (format === "readwise" && fields.includes("highlight")) {
    readwiseHighlights(plan, rows, limits);
    return plan;
  }
  const read = rowReaders[format];
  rows.forEach((r, i) => linkRow(plan, limits, `row ${i + 2}`, read(r), collections));
  plan.collections = collections.list();
  return plan;
}

function readwiseHighlights(plan: ImportPlan, rows: Row[], limits: ParseLimits) {
  const books = new Map<string, { author: string; lines: string[]; tags: Set<string>; at: string | null }>();
  for (const r of rows) {
    const title = (r.book_title ?? "").trim() || "Highlights";
    const book = books.get(title) ?? {
      author: (r.book_author ?? "").trim(),
      lines: [],
      tags: new Set(),
      at: null,
    };
    const text = (r.highlight ?? "").trim();
    if (text)
      book.lines.push(`> ${text.replace(/\n/g, "\n> ")}` + (r.note?.trim() ? `\n\n${r.note.trim()}` : ""));
    for (const t of splitTags(r.tags, /,/)) book.tags.add(t);
    book.at ??= isoTime(r.highlighted_at);
    books.set(title, book);
  }
  for (const [title, book] of books) {
    guard(plan, limits);
    const tags = [...book.tags];
    const heading = `# ${title}` + (book.author ? `\n\n*${book.author}*` : "");
    plan.items.push(
      item({
        ref: title,
        kind: "note",
        title: title.slice(0, 500),
        markdown: [heading, ...book.lines].join("\n\n"),
        tags,
        description: tagsDescription(tags),
        createdAt: book.at,
      }),
    );
  }
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");
const strings = (v: unknown) =>
  Array.isArray(v) ? v.map((t) => (typeof t === "string" ? t : str((t as Json)?.name))).filter(Boolean) : [];

/**
 * JSON exports: Karakeep / Hoarder (`{ bookmarks: [{ content: { type: link | text }, tags }] }`),
 * Omnivore (an array of `{ url, title, labels, savedAt }`, one `metadata_*.json` per page of its
 * zip), Raindrop's JSON, or any array of `{ url, title }`.
 */
export function parseListJson(text: string, limits: ParseLimits, into?: ImportPlan): ImportPlan {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new ImportParseError(importMessages.malformed, "malformed");
  }
  const obj = (data ?? {}) as Json;
  const karakeep = !Array.isArray(data) && Array.isArray(obj.bookmarks);
  const list = (
    karakeep ? obj.bookmarks : Array.isArray(data) ? data : Array.isArray(obj.items) ? obj.items : null
  ) as Json[] | null;
  if (!list) throw new ImportParseError(importMessages.unsupported, "unsupported");
  const omnivore =
    !karakeep && list.some((b) => b && typeof b === "object" && ("savedAt" in b || "labels" in b));
  const plan: ImportPlan = into ?? {
    format: karakeep ? "karakeep" : omnivore ? "omnivore" : "csv",
    collections: [],
    items: [],
    chats: [],
    errors: [],
  };
  list.forEach((b, i) => {
    if (!b || typeof b !== "object") return;
    guard(plan, limits);
    const ref = `entry ${i + 1}`;
    if (karakeep) {
      const content = (b.content ?? {}) as Json;
      const tags = strings(b.tags);
      const base = {
        tags,
        description: tagsDescription(tags),
        createdAt: isoTime(b.createdAt),
        note: str(b.note),
      };
      if (content.type === "link" && str(content.url)) {
        plan.items.push(
          item({
            ...base,
            ref: str(content.url),
            kind: "link",
            url: str(content.url),
            title: str(b.title ?? content.title),
          }),
        );
      } else if (content.type === "text" && str(content.text)) {
        plan.items.push(
          item({
            ...base,
            ref,
            kind: "note",
            title: str(b.title) || str(content.text).slice(0, 60),
            markdown: str(content.text),
          }),
        );
      } else plan.errors.push({ item: str(b.title) || ref, message: "An asset or empty bookmark; skipped." });
      return;
    }
    const url = str(b.url ?? b.link);
    if (!url) {
      plan.errors.push({ item: str(b.title) || ref, message: "No URL; skipped." });
      return;
    }
    const tags = strings(b.labels ?? b.tags);
    plan.items.push(
      item({
        ref: url,
        kind: "link",
        url,
        title: str(b.title).slice(0, 500),
        note: str(b.note ?? b.description ?? b.excerpt),
        tags,
        description: tagsDescription(tags),
        createdAt: isoTime(b.savedAt ?? b.created ?? b.createdAt),
      }),
    );
  });
  return plan;
}

/** Item count guard shared by archive readers. */
export function pushItem(plan: ImportPlan, limits: ParseLimits, it: PlannedItem) {
  guard(plan, limits);
  plan.items.push(it);
}
