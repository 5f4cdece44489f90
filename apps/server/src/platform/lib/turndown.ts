import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";

/**
 * The one Turndown set-up (HTML → Markdown): ATX headings, fenced code, "-" bullets, GFM tables
 * and strikethrough, and no scripts, styles or templates. Callers add their own rules (ingest
 * turns every table into GFM; saved web pages keep video embeds).
 */
export function createBaseTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
  });
  service.use(gfm);
  service.remove(["script", "style", "noscript", "template"]);
  return service;
}
