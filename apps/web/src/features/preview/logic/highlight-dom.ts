import { findPassage } from "./passage-match";

/** Class and test id of the marks a highlighted passage is wrapped in. */
export const PASSAGE_MARK = "passage-highlight";

/** Removes the marks `highlightPassage` added, restoring the original text nodes. */
export function clearPassage(container: HTMLElement): void {
  for (const mark of [...container.querySelectorAll(`mark.${PASSAGE_MARK}`)]) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parent.normalize();
  }
}

/**
 * The ranges of `quote`'s text inside `container`, one per text node it spans (none when it is
 * not there). Reads the DOM only: safe over an editor's DOM, which must not be changed under it.
 */
export function passageRanges(container: HTMLElement, quote: string): Range[] {
  // A <br> (a PDF text layer's line end) counts as a line break between the text around it.
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const nodes: { node: Text; start: number }[] = [];
  let text = "";
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.ELEMENT_NODE) {
      if ((n as Element).tagName === "BR") text += "\n";
      continue;
    }
    const node = n as Text;
    nodes.push({ node, start: text.length });
    text += node.data;
  }
  const at = findPassage(text, quote);
  if (!at) return [];
  const ranges: Range[] = [];
  for (const { node, start } of nodes) {
    const end = start + node.data.length;
    if (end <= at.start || start >= at.end) continue;
    const from = Math.max(at.start, start) - start;
    const to = Math.min(at.end, end) - start;
    if (!node.data.slice(from, to).trim()) continue;
    const range = document.createRange();
    range.setStart(node, from);
    range.setEnd(node, to);
    ranges.push(range);
  }
  return ranges;
}

/**
 * Wraps the text of `quote` inside `container` in `<mark>` elements (one per text node it spans)
 * and returns them, first first; none when the passage is not there.
 */
export function highlightPassage(container: HTMLElement, quote: string): HTMLElement[] {
  clearPassage(container);
  return passageRanges(container, quote).map((range) => {
    const mark = document.createElement("mark");
    mark.className = PASSAGE_MARK;
    mark.dataset.testid = PASSAGE_MARK;
    range.surroundContents(mark);
    return mark;
  });
}
