import { useMemo } from "react";
import { parseCsv } from "../logic/csv";

/** CSV as a table: the first row is the header; long files are cut with a note. */
export function CsvTable({ csv, maxRows = 1000 }: { csv: string; maxRows?: number }) {
  const { rows, truncated } = useMemo(() => parseCsv(csv, maxRows + 1), [csv, maxRows]);
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
            <tr key={i} className="even:bg-muted/40">
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
