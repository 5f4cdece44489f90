import type { RefObject } from "react";
import { passageRanges } from "../logic/highlight-dom";
import { usePassage, type PassageState } from "./use-passage";

/** Name of the CSS highlight (`::highlight(mnemo-passage)` in index.css). */
const HIGHLIGHT = "mnemo-passage";
/** How long an editor may take to show its text before the passage counts as missing. */
const WAIT_MS = 5000;

/** Waits for the editor's text, then highlights the passage through CSS.highlights. */
function markWithRanges(el: HTMLElement, quote: string, report: (state: PassageState) => void) {
  if (typeof CSS === "undefined" || !("highlights" in CSS)) return undefined;
  let done = false;
  const tryFind = () => {
    if (done) return;
    const ranges = passageRanges(el, quote);
    if (!ranges.length) return;
    done = true;
    CSS.highlights.set(HIGHLIGHT, new Highlight(...ranges));
    // Scrolled to through its parent element: the editor's DOM is only read, never changed.
    ranges[0]!.startContainer.parentElement?.scrollIntoView({ block: "center" });
    report("found");
  };
  const observer = new MutationObserver(tryFind);
  observer.observe(el, { childList: true, subtree: true, characterData: true });
  tryFind();
  const timer = window.setTimeout(() => !done && report("missing"), WAIT_MS);
  return () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    CSS.highlights.delete(HIGHLIGHT);
  };
}

/**
 * Highlights `quote` inside an editor without touching its DOM (the CSS Custom Highlight API):
 * an editor reparses DOM changes as edits. Waits for the editor's text to appear, then scrolls
 * the passage to the middle of the view.
 */
export function usePassageRanges(
  ref: RefObject<HTMLElement | null>,
  quote: string | undefined,
  /** Changes when the element is mounted (after its data loaded). */
  ready: unknown,
): PassageState {
  return usePassage(ref, quote, ready, markWithRanges);
}
