/** Pure helpers shared by the extractors: decoding, binary detection, Markdown tables, titles. */

/** True when the bytes are not text: a NUL byte, or many control characters, in the first 8 KiB. */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  if (hasUtf16Bom(sample)) return false;
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13 && b !== 27) control++;
  }
  return control / sample.length > 0.1;
}

function hasUtf16Bom(b: Uint8Array): boolean {
  return b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff));
}

/** Decodes text: UTF-8 (BOM stripped), UTF-16 with a BOM, else Windows-1252 for invalid UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function escapeCell(value: string): string {
  return value.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}

/** A GitHub-flavoured Markdown table; the first row is the header; short rows are padded. */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (rows.length === 0 || width === 0) return "";
  const line = (r: readonly string[]) =>
    `| ${Array.from({ length: width }, (_, i) => escapeCell(r[i] ?? "")).join(" | ")} |`;
  const [head, ...body] = rows;
  return [
    line(head ?? []),
    `| ${Array.from({ length: width }, () => "---").join(" | ")} |`,
    ...body.map(line),
  ].join("\n");
}

/** Plain text from Markdown: markers, links, emphasis and table rules removed, words kept. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n/g, "")
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, "")
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*\n?/gm, "")
    .replace(/^[ \t]*\|[ \t]?|[ \t]?\|[ \t]*$/gm, "")
    .replace(/ \| /g, "\t")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.*?)\1/g, "$2")
    .replace(/(^|\W)[*_]([^*_\n]+)[*_](?=\W|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/^[ \t]*>[ \t]?/gm, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The first heading, else the first non-empty line, else the file name without its extension. */
export function titleFrom(markdown: string, fileName: string): string {
  const heading = /^\s{0,3}#{1,6}\s+(.+)$/m.exec(markdown)?.[1];
  const firstLine = markdownToText(markdown)
    .split("\n")
    .find((l) => l.trim().length > 0);
  const title = (heading ? markdownToText(heading) : firstLine)?.trim();
  return title ? title.slice(0, 200) : baseName(fileName);
}

export function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

export function extensionOf(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}
