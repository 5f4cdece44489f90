import Papa from "papaparse";
import { baseName, decodeText, markdownTable, markdownToText } from "./text-utils.ts";
import type { ExtractInput, ExtractResult } from "./types.ts";

/** CSV (or TSV: the delimiter is detected): a Markdown table with the first row as header, and the CSV itself. */
export async function extractCsv(input: ExtractInput): Promise<ExtractResult> {
  const source = decodeText(input.bytes);
  const parsed = Papa.parse<string[]>(source.trim(), { skipEmptyLines: "greedy" });
  const rows = parsed.data.map((row) => row.map((cell) => String(cell ?? "")));
  const markdown = markdownTable(rows);
  const warnings = parsed.errors.length
    ? [`${parsed.errors.length} malformed row(s) were read as best as possible.`]
    : [];
  return {
    title: baseName(input.name),
    markdown,
    text: markdownToText(markdown),
    csv: Papa.unparse(rows),
    kind: "csv",
    mimeType: "text/csv",
    meta: { rows: rows.length, delimiter: parsed.meta.delimiter },
    warnings,
  };
}
