/** The YAML parser (the `yaml` package's `parse`), loaded by the sync that reads notes. */
export type YamlParse = (text: string, options: { maxAliasCount: number }) => unknown;

/** Loads the YAML parser with the first folder of notes, not at start-up. */
export const loadYaml = async (): Promise<YamlParse> => (await import("yaml")).parse;

/** What a note's YAML front matter says that Mnemo keeps: a title and tags. */
export type NoteMeta = { title: string | null; tags: string[]; body: string };

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Splits an Obsidian-style note into front matter and body. `tags` may be a list or a comma /
 * space separated string, with or without `#`; inline `#tags` in the body are added. The body is
 * kept as written (wiki-links `[[…]]` included). Bad YAML leaves the note whole.
 */
export function readNote(markdown: string, parse: YamlParse): NoteMeta {
  const m = FENCE.exec(markdown);
  let data: Record<string, unknown> = {};
  let body = markdown;
  if (m) {
    try {
      const parsed = parse(m[1]!, { maxAliasCount: 10 }) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        data = parsed as Record<string, unknown>;
      body = markdown.slice(m[0].length);
    } catch {
      data = {};
    }
  }
  const raw = data.tags ?? data.tag;
  const listed = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(/[,\s]+/) : [];
  const inline = [...body.matchAll(/(?:^|\s)#([\p{L}\p{N}_/-]+)/gu)].map((t) => t[1]!);
  const tags = [...new Set([...listed, ...inline].map((t) => t.replace(/^#/, "").trim()).filter(Boolean))];
  const title = typeof data.title === "string" && data.title.trim() ? data.title.trim() : null;
  return { title, tags, body };
}

/** A note read from a synced folder, as the memory it becomes (title, tags as its description). */
export function noteItem(key: string, fileName: string, text: string, parse: YamlParse) {
  const note = readNote(text, parse);
  return {
    kind: "file" as const,
    key,
    title: note.title ?? fileName,
    description: note.tags.length ? `Tags: ${note.tags.map((t) => `#${t}`).join(" ")}` : "",
    markdown: note.body,
  };
}
