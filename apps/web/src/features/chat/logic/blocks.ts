/**
 * Splits Markdown into top-level blocks at blank lines outside code fences, so a streamed answer
 * re-parses only its last (growing) block; finished blocks are memoized by their text.
 */
export function splitBlocks(md: string): string[] {
  const lines = md.split("\n");
  const blocks: string[] = [];
  let cur: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (cur.some((l) => l.trim())) blocks.push(cur.join("\n"));
    cur = [];
  };
  for (const line of lines) {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (fence === null) fence = m[1][0].repeat(m[1].length);
      else if (line.trim().startsWith(fence)) fence = null;
    }
    if (fence === null && !m && line.trim() === "" && !isListContinuation(cur)) {
      flush();
      continue;
    }
    cur.push(line);
  }
  flush();
  return blocks;
}

/** Keeps a loose list together (a blank line inside a list does not end its block). */
function isListContinuation(cur: string[]): boolean {
  return cur.length > 0 && /^\s*([-*+]|\d+[.)])\s/.test(cur[0]) && cur.length < 200;
}
