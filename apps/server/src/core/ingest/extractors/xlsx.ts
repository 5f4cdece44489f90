import ExcelJS from "exceljs";
import Papa from "papaparse";
import { resolveLimits } from "./limits.ts";
import { baseName, markdownTable, markdownToText } from "./text-utils.ts";
import { assertZipWithinLimits } from "../../../platform/files/zip-guard.ts";
import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";
import { XLSX_MIME } from "../../../platform/files/kinds.ts";

/** XLSX: each sheet as a `##` heading and a Markdown table (first row as header); the first sheet as CSV. */
export async function extractXlsx(input: ExtractInput): Promise<ExtractResult> {
  assertZipWithinLimits(input.bytes, resolveLimits(input).maxUnzippedBytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      input.bytes.buffer.slice(
        input.bytes.byteOffset,
        input.bytes.byteOffset + input.bytes.byteLength,
      ) as ArrayBuffer,
    );
  } catch (err) {
    throw new ExtractError(`The spreadsheet is unreadable: ${String(err)}`, "corrupt");
  }
  const sections: string[] = [];
  let csv: string | undefined;
  for (const sheet of workbook.worksheets) {
    const rows = sheetRows(sheet);
    csv ??= Papa.unparse(rows);
    sections.push(rows.length ? `## ${sheet.name}\n\n${markdownTable(rows)}` : `## ${sheet.name}`);
  }
  const markdown = sections.join("\n\n");
  return {
    title: workbook.title?.trim() || baseName(input.name),
    markdown,
    text: markdownToText(markdown),
    csv: csv ?? "",
    kind: "xlsx",
    mimeType: XLSX_MIME,
    meta: { sheets: workbook.worksheets.map((s) => s.name) },
    warnings: sections.length ? [] : ["The spreadsheet has no sheets."],
  };
}

function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  const width = sheet.actualColumnCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1)));
    if (cells.some((c) => c !== "")) rows.push(cells);
  });
  return rows;
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text ?? "";
  } catch {
    return String(cell.value ?? "");
  }
}
