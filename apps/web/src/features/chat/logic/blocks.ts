/**
 * Incremental splitting of a streamed Markdown answer into top-level blocks, so each frame
 * re-parses only the last (open) block while the completed ones stay stable and memoized.
 *
 * A block ends at a blank line outside a code fence once the next block has started: the first
 * non-blank line after the blank is decided not to continue the block. Lines that are indented,
 * and list items after a list, continue it (a loose list, a list item's second paragraph, indented
 * code stay one block). When in doubt the block is kept open: merging blocks is always correct
 * Markdown; only a wrong split could change the output.
 */
export type MdBlock = { start: number; text: string };

/** A split of `source`: completed blocks (never change as text is appended) and the open tail. */
export type BlockSplit = { source: string; done: MdBlock[]; tailStart: number; tail: string };

const FENCE = /^\s*(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])([ \t]|$)/;
/** A partial line that may still become a list item marker. */
const LIST_PREFIX = /^ {0,3}([-*+]|\d{1,9}[.)]?)$/;

type Fence = { ch: string; len: number };

function closesFence(line: string, f: Fence): boolean {
  const m = /^\s*(`{3,}|~{3,})[ \t]*$/.exec(line);
  return m !== null && m[1][0] === f.ch && m[1].length >= f.len;
}

/**
 * Completed blocks are copied out of the answer string: a slice would keep the whole answer as
 * it was at that frame alive for as long as the block is shown.
 */
function detach(s: string): string {
  return (s + " ").slice(0, -1);
}

/** Scans `md` from `from` (a block boundary) and returns the completed blocks and the tail start. */
function scan(md: string, from: number, done: MdBlock[]): number {
  let blockStart = -1;
  let blockEnd = from;
  let fence: Fence | null = null;
  let inList = false;
  let afterBlank = false;
  let i = from;
  while (i < md.length) {
    const nl = md.indexOf("\n", i);
    const complete = nl !== -1;
    const end = complete ? nl : md.length;
    const line = md.slice(i, end);
    const blank = line.trim() === "";
    if (blockStart === -1) {
      if (blank) {
        i = end + 1;
        continue;
      }
      blockStart = i;
    } else if (fence === null && blank) {
      afterBlank = true;
      i = end + 1;
      continue;
    } else if (afterBlank) {
      // The first line after a blank decides whether the block ends here.
      const indented = /^[ \t]/.test(line);
      const item = LIST_ITEM.test(line);
      // A partial "12" may still become the list item "12. …": wait for more text.
      if (inList && !indented && !item && !complete && LIST_PREFIX.test(line)) break;
      if (!indented && !(inList && item)) {
        done.push({ start: blockStart, text: detach(md.slice(blockStart, blockEnd)) });
        blockStart = i;
        inList = false;
      }
      afterBlank = false;
    }
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else {
      const m = FENCE.exec(line);
      if (m) fence = { ch: m[1][0], len: m[1].length };
      inList = LIST_ITEM.test(line) || /^[ \t]/.test(line) || (inList && !blank);
    }
    blockEnd = end;
    i = end + 1;
  }
  return blockStart === -1 ? md.length : blockStart;
}

/**
 * Splits `md`, reusing `prev` when `md` only appended to its source: the completed blocks are
 * kept (same objects) and only the text from the old tail on is scanned again.
 */
export function splitIncremental(prev: BlockSplit | null, md: string): BlockSplit {
  if (prev && prev.source === md) return prev;
  const reuse = prev !== null && md.startsWith(prev.source);
  const done = reuse ? [...prev.done] : [];
  const tailStart = scan(md, reuse ? prev.tailStart : 0, done);
  if (reuse && done.length === prev.done.length && tailStart === prev.tailStart)
    return { ...prev, source: md, tail: md.slice(tailStart) };
  return { source: md, done, tailStart, tail: md.slice(tailStart) };
}

/** All blocks of a finished text: the completed ones and the tail when it has content. */
export function splitBlocks(md: string): string[] {
  const s = splitIncremental(null, md);
  const texts = s.done.map((b) => b.text);
  if (s.tail.trim()) texts.push(s.tail.replace(/\s+$/, ""));
  return texts;
}
