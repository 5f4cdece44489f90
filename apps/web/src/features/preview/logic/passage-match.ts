/**
 * Finding a cited passage in the text a viewer shows (issue 22), tolerant of what differs between
 * the indexed text and the rendered one: case, runs of whitespace and line breaks, hyphenation at
 * a line end ("polish-\ned"), soft hyphens, typographic quotes and dashes, Markdown emphasis.
 */

/** A folded character and the index in the original text it came from. */
type Folded = { text: string; map: number[] };

const QUOTES: Record<string, string> = { "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"' };
const DASHES = /[‐‑‒–—―]/;

/** Case, whitespace, quotes and dashes folded; soft hyphens, line-end hyphens and emphasis marks dropped. */
export function fold(text: string): Folded {
  let out = "";
  const map: number[] = [];
  let space = true; // drop leading whitespace
  for (let i = 0; i < text.length; i++) {
    let ch = text[i]!;
    if (ch === "\u00ad" || ch === "*" || ch === "_" || ch === "`") continue;
    // "polish-\ned" → "polished": a hyphen at a line end between letters is a break, not a dash.
    if (ch === "-" && /\p{L}/u.test(text[i - 1] ?? "")) {
      let j = i + 1;
      while (j < text.length && /[ \t]/.test(text[j]!)) j++;
      if (text[j] === "\n") {
        let k = j;
        while (k < text.length && /\s/.test(text[k]!)) k++;
        if (/\p{Ll}/u.test(text[k] ?? "")) {
          i = k - 1;
          continue;
        }
      }
    }
    if (/\s/.test(ch)) {
      if (space) continue;
      space = true;
      out += " ";
      map.push(i);
      continue;
    }
    space = false;
    ch = QUOTES[ch] ?? (DASHES.test(ch) ? "-" : ch);
    const lower = ch.toLowerCase();
    for (const c of lower) {
      out += c;
      map.push(i);
    }
  }
  if (out.endsWith(" ")) {
    out = out.slice(0, -1);
    map.pop();
  }
  return { text: out, map };
}

/**
 * Where `quote` is in `text` (character offsets into `text`), or null. When the whole quote is
 * not found (the viewer split it differently), its longest findable head is used, down to a
 * third of it and never under 24 characters, so a near-match still lands on the passage.
 */
export function findPassage(text: string, quote: string): { start: number; end: number } | null {
  const hay = fold(text);
  const needle = fold(quote).text;
  if (!needle) return null;
  const min = Math.min(needle.length, Math.max(24, Math.ceil(needle.length / 3)));
  for (let len = needle.length; len >= min; len = len === min ? 0 : Math.max(min, Math.floor(len * 0.75))) {
    const at = hay.text.indexOf(needle.slice(0, len).trimEnd());
    if (at >= 0) {
      const last = at + needle.slice(0, len).trimEnd().length - 1;
      return { start: hay.map[at]!, end: hay.map[last]! + 1 };
    }
  }
  return null;
}
