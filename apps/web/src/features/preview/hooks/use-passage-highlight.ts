import { useEffect, useState, type RefObject } from "react";
import { clearPassage, highlightPassage } from "../logic/highlight-dom";

export type PassageState = "none" | "found" | "missing";

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
  const [state, setState] = useState<PassageState>("none");
  useEffect(() => {
    const el = ref.current;
    if (!el || !quote) {
      setState("none");
      return;
    }
    const marks = highlightPassage(el, quote);
    const first = marks[0];
    if (first) {
      first.tabIndex = -1;
      first.setAttribute("aria-label", "Cited passage");
      first.scrollIntoView?.({ block: "center" });
      first.focus({ preventScroll: true });
    }
    setState(first ? "found" : "missing");
    return () => clearPassage(el);
  }, [ref, quote, ready]);
  return state;
}
