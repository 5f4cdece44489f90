import { useEffect, type RefObject } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Source } from "@mnemo/contracts";
import { requestScreenshot, useScreenshotStatus, wantsScreenshot } from "@/features/preview";

/**
 * A web page card without an image asks once for a screenshot thumbnail, lazily: only after the
 * card has scrolled into view, only when the server can take screenshots, never for memories
 * that are indexing or failed (at most two are taken at a time, app-wide). When screenshots are
 * off, the server's reason is returned for the card's tooltip.
 */
export function useCardScreenshot(
  ref: RefObject<HTMLElement | null>,
  source: Source,
): { offReason: string | null } {
  const qc = useQueryClient();
  const want = wantsScreenshot(source);
  const status = useScreenshotStatus(want);
  const available = status.data?.available === true;
  const { id, url } = source;
  useEffect(() => {
    const el = ref.current;
    if (!want || !available || !el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void requestScreenshot(qc, { id, url });
    });
    io.observe(el);
    return () => io.disconnect();
  }, [want, available, id, url, qc, ref]);
  return {
    offReason:
      want && status.data && !status.data.available
        ? (status.data.reason ?? "Screenshots are not available.")
        : null,
  };
}
