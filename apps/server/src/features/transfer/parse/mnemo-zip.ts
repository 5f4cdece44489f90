import { parse as parseYaml } from "yaml";
import { exportFormatVersion, importMessages } from "@mnemo/contracts";
import { readEntries, utf8 } from "./archive.ts";
import { ImportParseError, item, type ImportPlan, type ParseLimits, type PlannedSharing } from "./types.ts";
import { pushItem } from "./lists.ts";
import {
  COLLECTIONS,
  MANIFEST,
  type ExportedChat,
  type ExportedCollection,
  type Manifest,
  type MemoryFrontMatter,
  REVIEW_CARDS,
} from "../layout.ts";

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function json<T>(bytes: Uint8Array | undefined, what: string): T {
  if (!bytes) throw new ImportParseError(`${importMessages.malformed} (${what} is missing)`, "malformed");
  try {
    return JSON.parse(utf8(bytes)) as T;
  } catch {
    throw new ImportParseError(`${importMessages.malformed} (${what} is not JSON)`, "malformed");
  }
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** A collection's exported sharing, keeping only well-formed entries (the file is untrusted). */
function readSharing(raw: unknown): PlannedSharing {
  const r = (raw ?? {}) as Partial<Record<keyof PlannedSharing, unknown>>;
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []).filter(Boolean);
  return {
    members: list(r.members)
      .map((m) => ({ email: text(m.email).trim().toLowerCase().slice(0, 320), role: text(m.role) }))
      .filter((m) => m.email)
      .slice(0, 1000),
    organizations: list(r.organizations)
      .map((o) => ({
        id: text(o.id).slice(0, 100),
        name: text(o.name).slice(0, 200),
        slug: text(o.slug).slice(0, 200),
        role: text(o.role),
      }))
      .filter((o) => o.id || o.slug)
      .slice(0, 100),
  };
}

/** True when the archive holds a Mnemo manifest. */
export const isMnemoExport = (names: string[]) => names.includes(MANIFEST);

/**
 * Reads Mnemo's own export back (round trip): memories with their text, notes, pins and files;
 * collections with their instructions and members; chats with their turns and sources.
 */
export function parseMnemoZip(bytes: Uint8Array, limits: ParseLimits): ImportPlan {
  const texts = readEntries(
    bytes,
    limits,
    (n) =>
      n === MANIFEST ||
      n === COLLECTIONS ||
      /^memories\/[^/]+\/(memory\.md|blocks\.json)$/.test(n) ||
      /^chats\/[^/]+\.json$/.test(n) ||
      n === REVIEW_CARDS,
    32 << 20,
  );
  const manifest = json<Manifest>(texts[MANIFEST], MANIFEST);
  if (manifest.format !== "mnemo-export")
    throw new ImportParseError(importMessages.unsupported, "unsupported");
  if (typeof manifest.version !== "number" || manifest.version > exportFormatVersion)
    throw new ImportParseError(
      `This export was made by a newer Mnemo (layout version ${manifest.version}).`,
      "unsupported",
    );
  const plan: ImportPlan = { format: "mnemo", collections: [], items: [], chats: [], errors: [] };
  const collections = texts[COLLECTIONS] ? json<ExportedCollection[]>(texts[COLLECTIONS], COLLECTIONS) : [];
  const membership = new Map<string, string[]>();
  for (const c of collections) {
    plan.collections.push({
      key: c.id,
      name: c.name,
      description: c.description ?? "",
      instructions: c.custom_instructions ?? "",
      declared: true,
      ...(c.sharing ? { sharing: readSharing(c.sharing) } : {}),
    });
    for (const m of c.memory_ids ?? []) membership.set(m, [...(membership.get(m) ?? []), c.id]);
  }
  const memories = Object.keys(texts)
    .filter((n) => n.endsWith("/memory.md"))
    .sort();
  for (const name of memories) {
    const text = utf8(texts[name]!);
    const m = FENCE.exec(text);
    let meta: MemoryFrontMatter;
    try {
      meta = parseYaml(m?.[1] ?? "", { maxAliasCount: 10 }) as MemoryFrontMatter;
      if (!meta || typeof meta.id !== "string") throw new Error("no id");
    } catch {
      plan.errors.push({ item: name, message: "Its front matter could not be read; skipped." });
      continue;
    }
    const body = m ? text.slice(m[0].length) : text;
    const blocksName = name.replace(/memory\.md$/, "blocks.json");
    let blocks: unknown[] | null = null;
    if (texts[blocksName]) {
      try {
        blocks = JSON.parse(utf8(texts[blocksName]!)) as unknown[];
      } catch {
        plan.errors.push({ item: name, message: "Its page blocks could not be read; kept as Markdown." });
      }
    }
    const kind = meta.file ? "file" : meta.type === "webpage" && meta.url ? "link" : "note";
    pushItem(
      plan,
      limits,
      item({
        ref: meta.id,
        kind,
        type: meta.type,
        title: String(meta.title ?? ""),
        url: meta.url ?? null,
        note: String(meta.note ?? ""),
        description: String(meta.description ?? ""),
        markdown: body,
        blocks,
        isPinned: Boolean(meta.is_pinned),
        createdAt: meta.created_at ?? null,
        collections: membership.get(meta.id) ?? [],
        file: meta.file
          ? {
              path: meta.file,
              name: meta.file_name ?? meta.file.split("/").pop()!,
              mimeType: meta.mime_type ?? "application/octet-stream",
            }
          : null,
      }),
    );
  }
  for (const [name, bytesOf] of Object.entries(texts)) {
    if (!name.startsWith("chats/")) continue;
    const c = json<ExportedChat>(bytesOf, name);
    plan.chats.push({
      ref: c.id,
      title: c.title ?? "",
      scope: c.scope ?? "everything",
      collectionRef: c.collection_id ?? null,
      sourceRef: c.source_id ?? null,
      wasPublic: c.public === true,
      turns: (c.turns ?? []).map((t) => ({
        query: t.query,
        answer: t.answer ?? "",
        sources: Array.isArray(t.sources) ? t.sources : [],
        followUps: Array.isArray(t.follow_ups) ? t.follow_ups : [],
        llm: t.llm ?? null,
        createdAt: t.created_at ?? null,
      })),
    });
  }
  if (texts[REVIEW_CARDS]) {
    // Review cards are extras: unreadable ones are reported, the memories still import.
    let cards: unknown;
    try {
      cards = JSON.parse(utf8(texts[REVIEW_CARDS]));
    } catch {
      cards = null;
    }
    if (Array.isArray(cards)) plan.reviewCards = cards;
    else plan.errors.push({ item: REVIEW_CARDS, message: "The review cards could not be read; skipped." });
  }
  return plan;
}
