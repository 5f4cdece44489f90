import { importMessages, type ImportFormat } from "@mnemo/contracts";
import { parseBookmarksHtml } from "./bookmarks-html.ts";
import { parseListCsv, parseListJson } from "./lists.ts";
import { entryNames, isZip, readEntries, utf8 } from "./archive.ts";
import { isMnemoExport, parseMnemoZip } from "./mnemo-zip.ts";
import { parseNotesZip } from "./notes-zip.ts";
import { defaultParseLimits, ImportParseError, type ImportPlan, type ParseLimits } from "./types.ts";

export type ParseImportInput = {
  bytes: Uint8Array;
  fileName: string;
  format: ImportFormat | "auto";
  limits?: Partial<ParseLimits>;
};

/** What a parse answers across the sandbox boundary: a plan, or the whole file's failure. */
export type ParseImportResult = { ok: true; plan: ImportPlan } | { ok: false; message: string; code: string };

const NOTION_NAME = /\s[0-9a-f]{32}(\.md|\/)/i;

/** Which format a zip holds, from its entry names. */
function zipFormat(names: string[]): ImportFormat {
  if (isMnemoExport(names)) return "mnemo";
  if (names.some((n) => /(^|\/)metadata_\d+_to_\d+\.json$/.test(n))) return "omnivore";
  if (names.some((n) => NOTION_NAME.test(n))) return "notion";
  return "markdown";
}

/** Omnivore's export zip: one `metadata_*.json` array per page of results. */
function parseOmnivoreZip(bytes: Uint8Array, limits: ParseLimits): ImportPlan {
  const files = readEntries(bytes, limits, (n) => /(^|\/)metadata_\d+_to_\d+\.json$/.test(n), 64 << 20);
  const plan: ImportPlan = { format: "omnivore", collections: [], items: [], chats: [], errors: [] };
  for (const name of Object.keys(files).sort()) parseListJson(utf8(files[name]!), limits, plan);
  return plan;
}

function parseText(
  text: string,
  name: string,
  format: ImportFormat | "auto",
  limits: ParseLimits,
): ImportPlan {
  const head = text.slice(0, 2048).trimStart();
  const lower = name.toLowerCase();
  if (
    format === "bookmarks_html" ||
    (format === "pocket" && /^</.test(head)) ||
    (format === "auto" && /^<|<!doctype netscape/i.test(head))
  )
    return parseBookmarksHtml(text, limits, format === "pocket" ? "pocket" : "bookmarks_html");
  if (
    format === "karakeep" ||
    format === "omnivore" ||
    (format === "auto" && (/^[[{]/.test(head) || lower.endsWith(".json")))
  ) {
    const plan = parseListJson(text, limits);
    return format === "auto" ? plan : { ...plan, format };
  }
  if (["pocket", "raindrop", "readwise", "csv", "auto"].includes(format)) return parseListCsv(text, limits);
  throw new ImportParseError(importMessages.unsupported, "unsupported");
}

const NUL = "\u0000";
const hasNul = (v: unknown): boolean =>
  typeof v === "string"
    ? v.includes(NUL)
    : Array.isArray(v)
      ? v.some(hasNul)
      : v !== null && typeof v === "object" && Object.values(v).some(hasNul);
/** A copy of a parsed value with every NUL character removed from its strings. */
function stripNul<T>(v: T): T {
  if (typeof v === "string") return v.replaceAll(NUL, "") as T;
  if (Array.isArray(v)) return v.map(stripNul) as T;
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, stripNul(x)])) as T;
  return v;
}

/**
 * The database refuses NUL in text, so one entry named with a NUL (a zip entry, a title) would
 * fail the whole run: NUL is removed from every string of the plan, and each entry whose name
 * held one is reported (a note; it is still imported). A file item keeps its archive path as it
 * is, to be read from the archive (it never reaches the database).
 */
function withoutNul(plan: ImportPlan): ImportPlan {
  if (!hasNul(plan)) return plan;
  const notes: ImportPlan["errors"] = [];
  const note = (label: string) => notes.push({ item: label, message: importMessages.nulInName, note: true });
  for (const c of plan.collections) if (c.name.includes(NUL)) note(stripNul(c.name));
  for (const i of plan.items)
    if ([i.ref, i.title, i.file?.path, i.file?.name].some((x) => x?.includes(NUL)))
      note(stripNul(i.ref || i.title));
  for (const c of plan.chats) if (c.title.includes(NUL)) note(stripNul(c.title));
  const clean = stripNul(plan);
  clean.items.forEach((item, n) => {
    const path = plan.items[n]!.file?.path;
    if (item.file && path) item.file.path = path;
  });
  return { ...clean, errors: [...notes, ...clean.errors] };
}

/**
 * Reads an import file into the plan of what it will create. Pure and synchronous: it runs in the
 * sandboxed process (untrusted bytes, budgets), never on the server's event loop.
 */
export function parseImportFile(input: ParseImportInput): ParseImportResult {
  const limits = { ...defaultParseLimits, ...input.limits };
  try {
    const bytes = input.bytes;
    if (!bytes.length) throw new ImportParseError(importMessages.empty, "empty");
    let plan: ImportPlan;
    if (isZip(bytes)) {
      const detected = zipFormat(entryNames(bytes, limits));
      const format = input.format === "auto" ? detected : input.format;
      if (format === "mnemo") plan = parseMnemoZip(bytes, limits);
      else if (format === "omnivore") plan = parseOmnivoreZip(bytes, limits);
      else if (format === "markdown" || format === "notion") plan = parseNotesZip(bytes, limits, format);
      else throw new ImportParseError(importMessages.unsupported, "unsupported");
    } else {
      if (["mnemo", "markdown", "notion"].includes(input.format))
        throw new ImportParseError(importMessages.unsupported, "unsupported");
      // A binary file (a PDF, an image) is not a list of bookmarks.
      if (bytes.subarray(0, 4096).includes(0))
        throw new ImportParseError(importMessages.unsupported, "unsupported");
      plan = parseText(new TextDecoder("utf-8").decode(bytes), input.fileName, input.format, limits);
    }
    plan = withoutNul(plan);
    if (!plan.items.length && !plan.chats.length && !plan.collections.length)
      throw new ImportParseError(
        plan.errors.length ? `${importMessages.empty} ${plan.errors[0]!.message}` : importMessages.empty,
        "empty",
      );
    return { ok: true, plan };
  } catch (err) {
    if (err instanceof ImportParseError) return { ok: false, message: err.message, code: err.code };
    return { ok: false, message: importMessages.malformed, code: "malformed" };
  }
}

/** Reads the given entries of an import archive (the files of file items), in the sandbox. */
export function readImportEntries(input: {
  bytes: Uint8Array;
  paths: string[];
  limits?: Partial<ParseLimits>;
}) {
  const wanted = new Set(input.paths);
  try {
    return readEntries(
      input.bytes,
      { ...defaultParseLimits, ...input.limits },
      (n) => wanted.has(n),
      256 << 20,
    );
  } catch {
    return {};
  }
}

/** Items per pack: one pack is parsed at a time on the server (a few ms), never the whole file. */
export const PACK = 250;

/**
 * A plan as it crosses from the sandbox: the items as JSON strings of PACK items each (strings
 * copy across IPC in microseconds; 100,000 structured items took 1.8 s to deserialize, all of it
 * on the server's event loop), with the counts and sample the preview shows computed here.
 */
export type PackedPlan = {
  format: ImportFormat;
  collections: ImportPlan["collections"];
  errors: ImportPlan["errors"];
  errorCount: number;
  chats: string;
  /** A Mnemo export's review cards, as JSON ("[]" when none). */
  reviewCards?: string;
  total: number;
  counts: { links: number; notes: number; files: number; collections: number; chats: number };
  sample: { kind: "link" | "note" | "file"; title: string; url: string | null; collections: string[] }[];
  packs: string[];
};

export type ParseImportPacked = { ok: true; plan: PackedPlan } | { ok: false; message: string; code: string };

/** `parseImportFile`, packed for the trip back from the sandbox. */
export function parseImportPacked(input: ParseImportInput): ParseImportPacked {
  const r = parseImportFile(input);
  if (!r.ok) return r;
  const p = r.plan;
  const of = (k: string) => p.items.filter((i) => i.kind === k).length;
  const names = new Map(p.collections.map((c) => [c.key, c.name]));
  const packs: string[] = [];
  for (let i = 0; i < p.items.length; i += PACK) packs.push(JSON.stringify(p.items.slice(i, i + PACK)));
  return {
    ok: true,
    plan: {
      format: p.format,
      collections: p.collections,
      errors: p.errors.slice(0, 200),
      // Notes are no failures (an entry imported with its name cleaned).
      errorCount: p.errors.filter((e) => !e.note).length,
      chats: JSON.stringify(p.chats),
      reviewCards: JSON.stringify(p.reviewCards ?? []),
      total: p.items.length,
      counts: {
        links: of("link"),
        notes: of("note"),
        files: of("file"),
        collections: p.collections.length,
        chats: p.chats.length,
      },
      sample: p.items.slice(0, 20).map((i) => ({
        kind: i.kind,
        title: i.title || i.url || i.ref,
        url: i.url,
        collections: i.collections.map((k) => names.get(k) ?? k),
      })),
      packs,
    },
  };
}
