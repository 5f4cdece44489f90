/** Where the toaster puts its toasts (sonner's positions that Mnemo uses). */
export type ToastPosition = "bottom-right" | "bottom-left" | "top-center" | "bottom-center";

type Rect = { top: number; bottom: number; left: number; right: number };

/** Sonner's toast width and its distance from the screen's edge. */
const TOAST_WIDTH = 356;
const EDGE = 24;

/**
 * Where toasts go so that they never cover an open dialog's buttons and fields: bottom right as
 * usual when the dialog leaves that corner free, else beside it on the left (a side sheet), else
 * above or below it, whichever leaves more room (above when neither does: the title is the part
 * a toast may cover for its few seconds, never the form or its buttons).
 */
export function toastPlacement(
  dialog: Rect | null,
  viewport: { width: number; height: number },
): ToastPosition {
  if (!dialog) return "bottom-right";
  const beside = TOAST_WIDTH + 2 * EDGE;
  if (viewport.width - dialog.right >= beside) return "bottom-right";
  if (dialog.left >= beside) return "bottom-left";
  return viewport.height - dialog.bottom > dialog.top ? "bottom-center" : "top-center";
}
