/**
 * IMAP UID sets ("1:3,7,9:12", RFC 3501 sequence-set syntax without `*`): how the Mail connector
 * remembers which messages it turned into memories, compactly (runs of UIDs become ranges), so
 * the next sync can ask the server which of them still exist.
 */

/** The set's UIDs, ascending; malformed parts are ignored. Bounded by `max` UIDs. */
export function parseUidSet(set: string, max = 1_000_000): number[] {
  const out: number[] = [];
  for (const part of set.split(",")) {
    const m = /^(\d+)(?::(\d+))?$/.exec(part.trim());
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let u = Math.min(a, b); u <= Math.max(a, b) && out.length < max; u++) if (u > 0) out.push(u);
  }
  return [...new Set(out)].sort((x, y) => x - y);
}

/** The shortest set string for these UIDs (any order, duplicates allowed); "" when empty. */
export function formatUidSet(uids: Iterable<number>): string {
  const sorted = [...new Set(uids)].filter((u) => Number.isInteger(u) && u > 0).sort((x, y) => x - y);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}:${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}
