/**
 * Whether `value` nests at most `max` arrays/objects deep. Iterative, so a hostile value
 * 100,000 levels deep is measured without overflowing the stack that would later serialise it.
 */
export function jsonDepthWithin(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > max) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}
