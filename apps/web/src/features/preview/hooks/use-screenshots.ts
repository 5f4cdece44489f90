import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Source } from "@mnemo/contracts";
import { getScreenshotStatus, takeScreenshot } from "../api/screenshot";
import { createLimiter } from "../logic/limiter";
import { patchSource } from "@/lib/source-cache";
import { ApiError } from "@/lib/api-error";

/** At most two screenshots are taken at a time, for the whole app. */
const limit = createLimiter(2);
/** One request per memory for the life of the page, shared by the wall cards and the preview. */
const requested = new Map<string, Promise<string | null>>();
/**
 * Until when the server said "Too many attempts" (429, its retry_after): the cards waiting meanwhile
 * do not ask (each would be refused too) and may ask again when they are next shown.
 */
let pausedUntil = 0;

/** The session ended: the next user's cards ask for their own screenshots. */
export function forgetScreenshots() {
  requested.clear();
  pausedUntil = 0;
}

const PAUSED = new Error("screenshots paused");

function retryAfterMs(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.status !== 429) return undefined;
  const sec = (err.details as { retry_after?: unknown } | undefined)?.retry_after;
  return (typeof sec === "number" && sec > 0 ? sec : 60) * 1000;
}

/** Whether screenshots are available on this server (asked once), with the reason when they are not. */
export function useScreenshotStatus(enabled = true) {
  return useQuery({
    queryKey: ["screenshot", "status"],
    queryFn: ({ signal }) => getScreenshotStatus(signal),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}

/**
 * Asks the server once for a screenshot of a memory's page; the server stores it as the memory's
 * thumbnail. Cached copies of the memory get the new thumbnail at once. Resolves to the URL, or
 * null when the screenshot failed (the card keeps its icon, the preview shows reader content).
 */
export function requestScreenshot(
  qc: QueryClient,
  source: Pick<Source, "id" | "url">,
): Promise<string | null> {
  const known = requested.get(source.id);
  if (known) return known;
  const url = source.url ?? "";
  const p = limit(() =>
    Date.now() < pausedUntil ? Promise.reject(PAUSED) : takeScreenshot(url, source.id),
  ).then(
    (shot) => {
      patchSource(qc, source.id, (s) => ({ ...s, thumbnail_url: shot }));
      return shot;
    },
    (err: unknown) => {
      const wait = retryAfterMs(err);
      if (wait !== undefined) pausedUntil = Date.now() + wait;
      // Refused for the rate only, not for this page: a later showing may ask again.
      if (wait !== undefined || err === PAUSED) requested.delete(source.id);
      return null;
    },
  );
  requested.set(source.id, p);
  return p;
}

/** The preview's screenshot of a web page that refuses framing: taken on demand when available. */
export function usePreviewScreenshot(source: Source, enabled: boolean) {
  const qc = useQueryClient();
  const status = useScreenshotStatus(enabled);
  const canTake =
    enabled &&
    status.data?.available === true &&
    source.meta.status === "success" &&
    !source.meta.screenshot_unavailable &&
    !!source.url;
  const shot = useQuery({
    queryKey: ["screenshot", "take", source.id],
    queryFn: () => requestScreenshot(qc, source),
    enabled: canTake,
    staleTime: Infinity,
    retry: false,
  });
  const pending = enabled && (status.isPending || (canTake && shot.isPending));
  return { pending, url: canTake ? (shot.data ?? null) : null };
}
