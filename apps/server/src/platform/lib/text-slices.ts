/**
 * A long text in slices of at most `size` UTF-16 code units, never cutting a surrogate pair (a cut
 * one would reach the database as two U+FFFD). Pure: the writers that move long texts a slice per
 * statement use it (`sources/rows.ts`).
 */
export function textSlices(text: string, size: number): string[] {
  if (size < 2) throw new RangeError("A slice holds at least two code units.");
  const slices: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    slices.push(text.slice(at, end));
    at = end;
  }
  return slices;
}
