/** How close to the bottom (px) still counts as "at the latest" (a line of slack for rounding). */
export const followSlackPx = 48;

/** True when the scroll box shows its end, so new content should keep it there. */
export function isAtBottom(
  box: { scrollTop: number; scrollHeight: number; clientHeight: number },
  slack = followSlackPx,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= slack;
}

/**
 * Whether the view keeps following after a scroll event. Only the reader scrolling up stops it:
 * a scroll event the view caused itself (jumping to the end) can arrive after the answer grew
 * again, when the end is already further down, and must not read as "the reader left".
 */
export function followsAfterScroll(
  following: boolean,
  previousTop: number,
  box: { scrollTop: number; scrollHeight: number; clientHeight: number },
): boolean {
  if (isAtBottom(box)) return true;
  return box.scrollTop < previousTop ? false : following;
}
