import type { Logger } from "../../../platform/logger.ts";
import type { WebResult, WebSearchProvider } from "../providers/web-search.ts";

/** Web results shown with an answer. */
const WEB_RESULTS = 5;

/**
 * Web results for a question. A failing provider is logged and gives no results; `answered`
 * tells whether the search really ran, so a failed one is not counted against the daily web limit.
 */
export async function searchWeb(
  web: WebSearchProvider,
  question: string,
  log: Logger,
): Promise<{ results: WebResult[]; answered: boolean }> {
  try {
    return { results: await web.search(question, { limit: WEB_RESULTS }), answered: true };
  } catch (err) {
    log.warn({ err }, "web search failed");
    return { results: [], answered: false };
  }
}
