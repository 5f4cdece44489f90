import { constants, linkMessages, uploadMessages, type WebPageResult } from "@mnemo/contracts";

export interface LinkSaveDeps {
  upload: (
    pages: { link: string; note?: string; title?: string; description?: string; content?: string }[],
  ) => Promise<WebPageResult[]>;
  fetchMetadata: (url: string) => Promise<{ title: string; description: string }>;
}

export type LinkSaveOutcome =
  { status: "indexing"; id: string; warning?: string } | { status: "errored" | "blocked"; message: string };

/** The message a server warning shows under a row ('No transcript found.' for empty_transcript). */
export function warningMessage(warning: string | null | undefined): string | undefined {
  if (!warning) return undefined;
  return warning === constants.links.emptyTranscriptWarning ? linkMessages.noTranscript : warning;
}

function accepted(r: WebPageResult | undefined): r is WebPageResult & { id: string } {
  return r?.status === "in_progress" && typeof r.id === "string";
}

/**
 * Spec 2 §4 for one link that came back blocked or errored: fetch the page's title and description,
 * retry with empty content, and report an error only if that retry fails too.
 */
export async function retryLink(
  link: { link: string; note?: string },
  first: WebPageResult,
  deps: LinkSaveDeps,
): Promise<LinkSaveOutcome> {
  const failed = (r: WebPageResult | undefined): LinkSaveOutcome => {
    const status = (r ?? first).status === "blocked" ? "blocked" : "errored";
    const message =
      status === "blocked"
        ? linkMessages.webpageNotResponding
        : ((r ?? first).message ?? linkMessages.webpageNotResponding);
    return { status, message };
  };
  let meta: { title: string; description: string };
  try {
    meta = await deps.fetchMetadata(link.link);
  } catch {
    // Duplicates and refused links keep their own message; an unreachable page gets the spec's.
    return first.status === "error" && first.message && first.message !== uploadMessages.uploadFailed
      ? { status: "errored", message: first.message }
      : {
          status: first.status === "blocked" ? "blocked" : "errored",
          message: linkMessages.webpageNotResponding,
        };
  }
  try {
    const [retry] = await deps.upload([
      { link: link.link, note: link.note, title: meta.title, description: meta.description, content: "" },
    ]);
    if (accepted(retry)) return { status: "indexing", id: retry.id, warning: warningMessage(retry.warning) };
    return failed(retry);
  } catch {
    return failed(undefined);
  }
}

/** Saves links in one call, then gives each refused link its retry (in parallel). */
export async function saveLinks(
  links: { link: string; note?: string }[],
  deps: LinkSaveDeps,
): Promise<LinkSaveOutcome[]> {
  let results: WebPageResult[];
  try {
    results = await deps.upload(links);
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : uploadMessages.uploadFailed;
    return links.map(() => ({ status: "errored", message }));
  }
  return Promise.all(
    links.map((link, i) => {
      const r = results[i];
      if (accepted(r)) return { status: "indexing", id: r.id, warning: warningMessage(r.warning) } as const;
      return retryLink(link, r ?? { link: link.link, id: null, status: "error", warning: null }, deps);
    }),
  );
}
