/** One sheet of a spreadsheet memory: its name and its rows (the first is the header). */
export type Sheet = { name: string; rows: string[][] };

const splitRow = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, "|"));

const SEPARATOR = /^\s*\|?\s*:?-{3,}/;

/**
 * The sheets of a spreadsheet from its indexed Markdown (the extractor writes each sheet as a
 * `## name` section holding one Markdown table, first row as header). Pure; a sheet without a
 * table has no rows.
 */
export function sheetsFromMarkdown(markdown: string | null | undefined): Sheet[] {
  const sheets: Sheet[] = [];
  for (const line of (markdown ?? "").split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      sheets.push({ name: heading[1]!.trim(), rows: [] });
      continue;
    }
    const sheet = sheets.at(-1);
    if (!sheet || !line.trim().startsWith("|") || SEPARATOR.test(line)) continue;
    sheet.rows.push(splitRow(line));
  }
  return sheets;
}

/** Rows as CSV (every cell quoted), for the CSV table viewer. */
export function rowsToCsv(rows: string[][]): string {
  return rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\n");
}
