/** How close to the bottom (px) still counts as "at the latest" (a line of slack for rounding). */
export const followSlackPx = 48;

type Box = { scrollTop: number; scrollHeight: number; clientHeight: number };

/** True when the scroll box shows its end, so new content should keep it there. */
export function isAtBottom(box: Box, slack = followSlackPx): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= slack;
}

/** Where the scroll box was and how big it was when last seen. */
export type ScrollMark = { top: number; width: number; height: number };

export const markOf = (box: Box & { clientWidth: number }): ScrollMark => ({
  top: box.scrollTop,
  width: box.clientWidth,
  height: box.clientHeight,
});

/**
 * Whether the view keeps following after a scroll event. Only the reader scrolling up stops it:
 * a scroll event the view caused itself (jumping to the end) can arrive after the answer grew
 * again, when the end is already further down, and must not read as "the reader left"; nor does a
 * position the browser moved because the box changed size (a resized or rotated window, the
 * phone's keyboard, a taller input).
 */
export function followsAfterScroll(
  following: boolean,
  previous: ScrollMark,
  box: Box & { clientWidth: number },
): boolean {
  if (isAtBottom(box)) return true;
  if (box.clientWidth !== previous.width || box.clientHeight !== previous.height) return following;
  return box.scrollTop < previous.top ? false : following;
}
