/**
 * Obsidian-style notes: YAML front matter (title, tags) and inline `#tags`. Splitting a note and
 * scanning its body are linear and run where the sync runs; the YAML itself is untrusted input
 * parsed in the extraction sandbox (`readFrontMatters`, task `parseFrontMatter`).
 */

/** What a note's front matter says that Mnemo keeps; null when its YAML is unreadable. */
export type FrontMatter = { title: string | null; tags: string[] } | null;

/** What Mnemo keeps of a note: a title and tags, and the body as written. */
export type NoteMeta = { title: string | null; tags: string[]; body: string };

/** A larger front matter is not parsed (the note is kept whole): a budget for the YAML parser. */
export const MAX_FRONT_MATTER_CHARS = 64 * 1024;

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** The note's front-matter block (without its fences) and the body after it; null block when none. */
export function splitFrontMatter(markdown: string): { block: string | null; body: string } {
  const m = FENCE.exec(markdown);
  if (!m || m[1]!.length > MAX_FRONT_MATTER_CHARS) return { block: null, body: markdown };
  return { block: m[1]!, body: markdown.slice(m[0].length) };
}

/** The YAML parser (the `yaml` package's `parse`), for code already in the sandbox. */
export type YamlParse = (text: string, options: { maxAliasCount: number }) => unknown;

/**
 * Reads one front-matter block. `tags` may be a list or a comma / space separated string, with
 * or without `#`; aliases are bounded. Sandbox only (untrusted YAML).
 */
export function frontMatterOf(block: string, parse: YamlParse): FrontMatter {
  let data: unknown;
  try {
    data = parse(block, { maxAliasCount: 10 });
  } catch {
    return null;
  }
  if (data === null || data === undefined) return { title: null, tags: [] };
  if (typeof data !== "object" || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  const raw = d.tags ?? d.tag;
  const tags = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(/[,\s]+/) : [];
  const title = typeof d.title === "string" && d.title.trim() ? d.title.trim() : null;
  return { title, tags };
}

/** Reads front-matter blocks: the sandbox task `parseFrontMatter` (loads the YAML parser). */
export async function readFrontMatters(blocks: string[]): Promise<FrontMatter[]> {
  const { parse } = await import("yaml");
  return blocks.map((block) => frontMatterOf(block, parse));
}

/** A whole note read in one step, for code already in the sandbox (imports of notes). */
export function readNoteWith(markdown: string, parse: YamlParse): NoteMeta {
  const { block } = splitFrontMatter(markdown);
  return readNote(markdown, block === null ? { title: null, tags: [] } : frontMatterOf(block, parse));
}

/**
 * A note with its front matter read: title and tags from it, inline `#tags` of the body added,
 * the body kept as written (wiki-links `[[…]]` included). Unreadable YAML leaves the note whole.
 */
export function readNote(markdown: string, front: FrontMatter): NoteMeta {
  const { block, body: rest } = splitFrontMatter(markdown);
  const body = block !== null && front ? rest : markdown;
  const listed = front?.tags ?? [];
  const inline = [...body.matchAll(/(?:^|\s)#([\p{L}\p{N}_/-]+)/gu)].map((t) => t[1]!);
  const tags = [...new Set([...listed, ...inline].map((t) => t.replace(/^#/, "").trim()).filter(Boolean))];
  return { title: front?.title ?? null, tags, body };
}

/** A note read from a synced folder, as the memory it becomes (title, tags as its description). */
export function noteItem(key: string, fileName: string, text: string, front: FrontMatter) {
  const note = readNote(text, front);
  return {
    kind: "file" as const,
    key,
    title: note.title ?? fileName,
    description: note.tags.length ? `Tags: ${note.tags.map((t) => `#${t}`).join(" ")}` : "",
    markdown: note.body,
  };
}

/** Front-matter blocks parsed per sandbox call (one round trip for many notes). */
const BLOCKS_PER_CALL = 200;

/**
 * The memories a sync's notes become: every note's front matter parsed in the sandbox, a batch of
 * blocks per call (notes without front matter need no call).
 */
export async function noteItems(
  notes: { key: string; fileName: string; text: string }[],
  parseFrontMatter: (blocks: string[]) => Promise<FrontMatter[]>,
) {
  const blocks = notes.map((n) => splitFrontMatter(n.text).block);
  const pending = blocks.flatMap((b, i) => (b === null ? [] : [i]));
  const fronts: FrontMatter[] = notes.map(() => ({ title: null, tags: [] }));
  for (let i = 0; i < pending.length; i += BLOCKS_PER_CALL) {
    const batch = pending.slice(i, i + BLOCKS_PER_CALL);
    const read = await parseFrontMatter(batch.map((j) => blocks[j]!));
    batch.forEach((j, k) => (fronts[j] = read[k] ?? null));
  }
  return notes.map((n, i) => noteItem(n.key, n.fileName, n.text, fronts[i]!));
}
