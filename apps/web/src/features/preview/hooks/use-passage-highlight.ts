import type { RefObject } from "react";
import { clearPassage, highlightPassage } from "../logic/highlight-dom";
import { usePassage, type PassageState } from "./use-passage";

/** Marks the passage in the element's DOM and moves focus to the first mark. */
function markInDom(el: HTMLElement, quote: string, report: (state: PassageState) => void) {
  const marks = highlightPassage(el, quote);
  const first = marks[0];
  if (first) {
    first.tabIndex = -1;
    first.setAttribute("aria-label", "Cited passage");
    first.scrollIntoView?.({ block: "center" });
    first.focus({ preventScroll: true });
  }
  report(first ? "found" : "missing");
  return () => clearPassage(el);
}

/**
 * Highlights `quote` in the element once its content is there (`ready`), scrolls the first mark
 * to the middle of the view and moves focus to it (keyboard and screen-reader users land on the
 * passage). "missing" when the text is not there (the memory changed since the answer).
 */
export function usePassageHighlight(
  ref: RefObject<HTMLElement | null>,
  quote: string | undefined,
  ready: unknown,
): PassageState {
  return usePassage(ref, quote, ready, markInDom);
}
