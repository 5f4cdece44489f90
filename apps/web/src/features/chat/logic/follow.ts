/** How close to the bottom (px) still counts as "at the latest" (a line of slack for rounding). */
export const followSlackPx = 48;

/** True when the scroll box shows its end, so new content should keep it there. */
export function isAtBottom(
  box: { scrollTop: number; scrollHeight: number; clientHeight: number },
  slack = followSlackPx,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= slack;
}
