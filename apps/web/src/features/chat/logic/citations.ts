/** Minimal mdast shapes the citation plugin touches. */
type MdNode = {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
};

const CITE = /\[(\d{1,3})\]/g;
/** Prefix of the link a citation marker becomes; the renderer turns it into a button. */
export const CITE_HREF = "#cite-";

/** No-break space: a citation stays on the line of the word (or "…") it follows. */
const NBSP = "\u00a0";

function splitText(value: string): MdNode[] {
  const out: MdNode[] = [];
  let last = 0;
  for (const m of value.matchAll(CITE)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ type: "text", value: value.slice(last, at).replace(/[ \t]+$/, NBSP) });
    out.push({ type: "link", url: `${CITE_HREF}${m[1]}`, children: [{ type: "text", value: m[1] }] });
    last = at + m[0].length;
  }
  if (last < value.length) out.push({ type: "text", value: value.slice(last) });
  return out;
}

function walk(node: MdNode) {
  if (!node.children || node.type === "link" || node.type === "linkReference") return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text" && child.value && CITE.test(child.value)) {
      CITE.lastIndex = 0;
      return splitText(child.value);
    }
    walk(child);
    return [child];
  });
}

/** remark plugin: `[n]` in answer text (not in code or links) becomes a citation link. */
export function remarkCitations() {
  return (tree: MdNode) => walk(tree);
}

/** The citation number of a link href made by the plugin, else null. */
export function citationOf(href: string | undefined): number | null {
  if (!href?.startsWith(CITE_HREF)) return null;
  const n = Number(href.slice(CITE_HREF.length));
  return Number.isInteger(n) && n > 0 ? n : null;
}
