import { useEffect, useState } from "react";

type Rect = { top: number; bottom: number; left: number; right: number };

const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

const sameRect = (a: Rect | null, b: Rect | null) =>
  a === b ||
  (!!a && !!b && a.top === b.top && a.bottom === b.bottom && a.left === b.left && a.right === b.right);

/**
 * The screen rectangle of the topmost open modal dialog (null: none), followed as dialogs open,
 * close, grow and the window resizes. Dialogs are portalled into <body>, so its children are
 * watched, not the whole document.
 */
export function useOpenDialogRect(): Rect | null {
  const [rect, setRect] = useState<Rect | null>(null);
  useEffect(() => {
    let frame = 0;
    let watched: Element | null = null;
    const sizes = new ResizeObserver(() => schedule());
    const measure = () => {
      frame = 0;
      const dialogs = document.querySelectorAll(OPEN_DIALOG);
      const top = dialogs.length ? dialogs[dialogs.length - 1]! : null;
      if (top !== watched) {
        if (watched) sizes.unobserve(watched);
        if (top) sizes.observe(top);
        watched = top;
      }
      const r = top?.getBoundingClientRect();
      const next = r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
      setRect((prev) => (sameRect(prev, next) ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const portals = new MutationObserver(schedule);
    portals.observe(document.body, { childList: true, subtree: false });
    // A dialog opens inside an existing portal too (its data-state flips): watch that attribute.
    const states = new MutationObserver(schedule);
    states.observe(document.body, { attributes: true, attributeFilter: ["data-state"], subtree: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      portals.disconnect();
      states.disconnect();
      sizes.disconnect();
      window.removeEventListener("resize", schedule);
    };
  }, []);
  return rect;
}
