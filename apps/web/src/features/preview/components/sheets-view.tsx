import { useMemo, useState } from "react";
import type { PassageAnchor } from "@mnemo/contracts/chat";
import { cn } from "@/lib/utils";
import { rowsToCsv, sheetsFromMarkdown } from "../logic/sheets";
import { CsvTable } from "./csv-table";
import { PassageFrame } from "./passage-frame";

/**
 * A spreadsheet (or CSV) as tables, one tab per sheet (issue 22): a citation into sheet N opens
 * sheet N at the cited row. The first sheet is the extractor's exact CSV; the others come from
 * the indexed Markdown. A single-sheet file shows no tabs.
 */
export function SheetsView({
  csv,
  markdown,
  passage,
}: {
  csv: string;
  markdown: string | null | undefined;
  passage: PassageAnchor | null;
}) {
  const sheets = useMemo(() => sheetsFromMarkdown(markdown), [markdown]);
  const cited = passage?.sheet ? sheets.findIndex((s) => s.name === passage.sheet) : -1;
  const [chosen, setChosen] = useState(cited >= 0 ? cited : 0);
  const index = Math.min(chosen, Math.max(0, sheets.length - 1));
  const sheetCsv = index === 0 || !sheets[index] ? csv : rowsToCsv(sheets[index].rows);
  // The cited row belongs to the sheet shown (a CSV has no sheets: its row is the file's).
  const row =
    passage?.row && (sheets.length <= 1 ? !passage.sheet || cited <= 0 : index === cited)
      ? passage.row
      : undefined;
  const table = row ? (
    <CsvTable key={index} csv={sheetCsv} highlightRow={row} />
  ) : (
    <PassageFrame quote={index === Math.max(cited, 0) ? passage?.quote : undefined} ready={sheetCsv}>
      <CsvTable key={index} csv={sheetCsv} />
    </PassageFrame>
  );
  if (sheets.length <= 1) return table;
  return (
    <div className="flex h-full flex-col">
      <div role="tablist" aria-label="Sheets" className="flex gap-1 overflow-x-auto border-b px-2 pt-2">
        {sheets.map((s, i) => (
          <button
            key={`${i}-${s.name}`}
            type="button"
            role="tab"
            aria-selected={i === index}
            onClick={() => setChosen(i)}
            className={cn(
              "rounded-t-md border border-b-0 px-3 py-1 text-sm whitespace-nowrap",
              i === index
                ? "bg-background font-medium"
                : "bg-muted text-muted-foreground hover:text-foreground",
            )}
          >
            {s.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={sheets[index]?.name} className="min-h-0 flex-1">
        {table}
      </div>
    </div>
  );
}
