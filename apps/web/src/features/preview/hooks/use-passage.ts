import { useEffect, useState, type RefObject } from "react";

export type PassageState = "none" | "found" | "missing";

/**
 * Finds a cited passage in an element: once the element and `quote` are there, `mark` looks for
 * it, reports "found" or "missing" and returns its clean-up; "none" while either is absent.
 * `ready` changes when the element's content arrives (after its data loaded). `mark` must keep
 * its identity across renders (a module-level function).
 */
export function usePassage(
  ref: RefObject<HTMLElement | null>,
  quote: string | undefined,
  ready: unknown,
  mark: (el: HTMLElement, quote: string, report: (state: PassageState) => void) => (() => void) | undefined,
): PassageState {
  const [state, setState] = useState<PassageState>("none");
  useEffect(() => {
    const el = ref.current;
    if (!el || !quote) {
      setState("none");
      return;
    }
    return mark(el, quote, setState);
  }, [ref, quote, ready, mark]);
  return state;
}
