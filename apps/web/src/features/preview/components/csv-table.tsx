import { useEffect, useMemo, useRef } from "react";
import { cn } from "@/lib/utils";
import { parseCsv } from "../logic/csv";

/**
 * CSV as a table: the first row is the header; long files are cut with a note. `highlightRow`
 * (1-based data row, a cited passage) is marked, scrolled into view and focused.
 */
export function CsvTable({
  csv,
  maxRows = 1000,
  highlightRow,
}: {
  csv: string;
  maxRows?: number;
  highlightRow?: number;
}) {
  const { rows, truncated } = useMemo(
    () => parseCsv(csv, Math.max(maxRows, highlightRow ?? 0) + 1),
    [csv, maxRows, highlightRow],
  );
  const marked = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    marked.current?.scrollIntoView?.({ block: "center" });
    marked.current?.focus({ preventScroll: true });
  }, [highlightRow, rows]);
  const [head, ...body] = rows;
  if (!head) return <p className="p-4 text-sm text-muted-foreground">This table is empty.</p>;
  return (
    <div className="overflow-auto">
      <table className="w-full border-collapse text-sm" data-testid="csv-table">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {head.map((h, i) => (
              <th
                key={i}
                scope="col"
                className="border px-2 py-1.5 text-left font-semibold whitespace-nowrap"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((r, i) => (
            <tr
              key={i}
              {...(i + 1 === highlightRow
                ? {
                    ref: marked,
                    tabIndex: -1,
                    "aria-label": "Cited row",
                    "data-testid": "passage-highlight",
                  }
                : {})}
              className={cn(
                "even:bg-muted/40",
                i + 1 === highlightRow &&
                  "bg-yellow-200/70 outline-none even:bg-yellow-200/70 dark:bg-yellow-600/40 dark:even:bg-yellow-600/40",
              )}
            >
              {head.map((_, j) => (
                <td key={j} className="border px-2 py-1 align-top">
                  {r[j] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {truncated && <p className="p-2 text-xs text-muted-foreground">Showing the first {maxRows} rows.</p>}
    </div>
  );
}
