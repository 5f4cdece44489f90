import type TurndownService from "turndown";
import { createBaseTurndown } from "../../../platform/lib/turndown.ts";
import { markdownTable } from "./text-utils.ts";

/**
 * HTML → Markdown with ATX headings; scripts, styles and forms dropped. Every table becomes a GFM
 * table, the first row as header: the gfm plugin alone keeps header-less tables (all of mammoth's)
 * as raw HTML.
 */
export function createTurndown(): TurndownService {
  const service = createBaseTurndown();
  service.remove(["iframe", "form"]);
  service.remove((node) => node.nodeName.toLowerCase() === "svg");
  service.addRule("table-as-gfm", {
    filter: "table",
    replacement: (_content, node) => {
      const rows = Array.from((node as HTMLElement).querySelectorAll("tr"))
        .map((tr) =>
          Array.from(tr.children)
            .filter((cell) => cell.nodeName === "TD" || cell.nodeName === "TH")
            .map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim()),
        )
        .filter((cells) => cells.length > 0);
      return rows.length ? `\n\n${markdownTable(rows)}\n\n` : "";
    },
  });
  return service;
}
