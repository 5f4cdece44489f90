import { decodeHTML, decodeHTMLAttribute } from "entities";

/**
 * A page's metadata read by one linear scan of its tags, without building a DOM (issue 12: a
 * 512 KB page of unclosed `<div>`s cost linkedom 2.3 s of CPU, 8.8 s inside <head>, on the event
 * loop of "Fetch page metadata" and the link fallback). Every '<' is looked at once and the scan
 * jumps past its tag's '>'; a tag without one ends the scan. Pure; no pattern re-reads text.
 */
export type ScannedTags = {
  title: string;
  h1: string;
  lang?: string;
  /** meta name/property (lower case) → content, first one wins. */
  meta: Map<string, string>;
  canonical?: string;
};

const SPACE = /\s/;

/** The attributes of a tag's inside, read left to right once (an unclosed quote ends the tag). */
function attributes(inside: string): Map<string, string> {
  const out = new Map<string, string>();
  const n = inside.length;
  let i = 0;
  const skipSpace = () => {
    while (i < n && SPACE.test(inside[i])) i++;
  };
  while (i < n) {
    skipSpace();
    const start = i;
    while (i < n && !SPACE.test(inside[i]) && inside[i] !== "=" && inside[i] !== "/") i++;
    if (i === start) {
      i++;
      continue;
    }
    const name = inside.slice(start, i).toLowerCase();
    skipSpace();
    let value = "";
    if (inside[i] === "=") {
      i++;
      skipSpace();
      const quote = inside[i];
      if (quote === '"' || quote === "'") {
        const close = inside.indexOf(quote, i + 1);
        value = inside.slice(i + 1, close < 0 ? n : close);
        i = close < 0 ? n : close + 1;
      } else {
        const vs = i;
        while (i < n && !SPACE.test(inside[i])) i++;
        value = inside.slice(vs, i);
      }
    }
    if (!out.has(name)) out.set(name, decodeHTMLAttribute(value));
  }
  return out;
}

/** Text up to the closing tag `name` from `from` (tags inside dropped), and where the scan goes on. */
function textUntilClose(html: string, from: number, name: string): { text: string; next: number } {
  const end = html.toLowerCase().indexOf(`</${name}`, from);
  const stop = end < 0 ? html.length : end;
  const raw = html.slice(from, stop).replace(/<[^<>]*>/g, " ");
  return { text: decodeHTML(raw), next: stop };
}

export function scanTags(html: string): ScannedTags {
  const found: ScannedTags = { title: "", h1: "", meta: new Map() };
  const lower = html.toLowerCase();
  let titleSeen = false;
  let h1Seen = false;
  let pos = 0;
  for (;;) {
    const lt = html.indexOf("<", pos);
    if (lt < 0) break;
    const gt = html.indexOf(">", lt + 1);
    if (gt < 0) break;
    const tag = /^<([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(lt, Math.min(gt, lt + 40)))?.[1]?.toLowerCase();
    pos = gt + 1;
    if (!tag) {
      // Comments and raw text: skip a comment whole, so a commented-out tag is not read.
      if (lower.startsWith("<!--", lt)) {
        const close = html.indexOf("-->", lt + 4);
        if (close < 0) break;
        pos = close + 3;
      }
      continue;
    }
    if (tag === "script" || tag === "style") {
      const close = lower.indexOf(`</${tag}`, pos);
      if (close < 0) break;
      pos = close;
      continue;
    }
    if (tag === "html" && found.lang === undefined) {
      found.lang = attributes(html.slice(lt + 5, gt)).get("lang");
    } else if (tag === "meta") {
      const a = attributes(html.slice(lt + 5, gt));
      const key = (a.get("property") ?? a.get("name"))?.toLowerCase();
      const content = a.get("content");
      if (key && content !== undefined && !found.meta.has(key)) found.meta.set(key, content);
    } else if (tag === "link" && found.canonical === undefined) {
      const a = attributes(html.slice(lt + 5, gt));
      if ((a.get("rel") ?? "").toLowerCase().split(/\s+/).includes("canonical"))
        found.canonical = a.get("href");
    } else if (tag === "title" && !titleSeen) {
      titleSeen = true;
      const t = textUntilClose(html, pos, "title");
      found.title = t.text;
      pos = t.next;
    } else if (tag === "h1" && !h1Seen) {
      h1Seen = true;
      const t = textUntilClose(html, pos, "h1");
      found.h1 = t.text;
      pos = t.next;
    }
  }
  return found;
}
