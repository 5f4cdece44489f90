/**
 * A CSV deck Anki imports (File → Import), pure: Anki's file headers say the separator, that
 * fields hold HTML, the columns' names and which column holds the tags, so the import dialog
 * needs no choices beyond the note type and deck. Fields are quoted as RFC 4180 says.
 */
export type AnkiRow = { front: string; back: string; title: string; link: string; tags: string[] };

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One CSV field: quoted, inner quotes doubled. */
const field = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** A tag as Anki reads it: no spaces (they separate tags). */
const tag = (s: string) => s.trim().replace(/\s+/g, "_");

export function ankiCsv(rows: AnkiRow[]): string {
  const lines = ["#separator:Comma", "#html:true", "#columns:Front,Back,Source,Tags", "#tags column:4"];
  for (const r of rows)
    lines.push(
      [
        escapeHtml(r.front),
        escapeHtml(r.back),
        `<a href="${escapeHtml(r.link)}">${escapeHtml(r.title || r.link)}</a>`,
        r.tags.map(tag).join(" "),
      ]
        .map(field)
        .join(","),
    );
  return `${lines.join("\n")}\n`;
}
