import type { Source } from "@mnemo/contracts";

type Shot = Pick<Source, "type" | "url" | "thumbnail_url"> & {
  meta: Pick<Source["meta"], "status" | "screenshot_unavailable">;
};

/**
 * Whether a card should ask the server for a screenshot thumbnail: a saved web page (not a
 * video) that indexed successfully, has a URL and shows no image yet, and for which the server
 * has not said that no screenshot will come (one failed before, or the viewer is not the owner).
 */
export function wantsScreenshot(s: Shot): boolean {
  return (
    (s.type === "webpage" || s.type === "web_search") &&
    !!s.url &&
    !s.thumbnail_url &&
    s.meta.status === "success" &&
    !s.meta.screenshot_unavailable &&
    /^https?:/i.test(s.url)
  );
}

/**
 * Whether a thumbnail URL is a screenshot the server stored (its blob key lives under
 * `<owner>/screenshots/`), as opposed to the page's own og image.
 */
export function isStoredScreenshot(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    return /\/screenshots\/[^/]+\.png$/i.test(decodeURIComponent(new URL(url, "http://x").pathname));
  } catch {
    return false;
  }
}
