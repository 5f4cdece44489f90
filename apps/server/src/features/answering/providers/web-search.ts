import type { Config } from "../../../platform/config.ts";

export type WebResult = { title: string; url: string; snippet: string };

/** A web search provider (ARCHITECTURE §9): one interface, one adapter per vendor. */
export interface WebSearchProvider {
  readonly name: "searxng" | "brave" | "tavily";
  search(query: string, opts: { limit: number; signal?: AbortSignal }): Promise<WebResult[]>;
}

const TIMEOUT_MS = 20_000;

async function getJson(url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const res = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!res.ok) throw new Error(`web search answered HTTP ${res.status}`);
  return res.json();
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

function clean(items: unknown, pick: (o: Record<string, unknown>) => WebResult, limit: number): WebResult[] {
  if (!Array.isArray(items)) return [];
  return items
    .filter((o): o is Record<string, unknown> => typeof o === "object" && o !== null)
    .map(pick)
    .filter((r) => /^https?:\/\//.test(r.url) && r.title)
    .slice(0, limit);
}

/** SearXNG's JSON API (`/search?format=json`); the instance must allow the json format. */
export function searxng(baseUrl: string): WebSearchProvider {
  return {
    name: "searxng",
    async search(query, { limit, signal }) {
      const url = new URL("search", baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      const body = (await getJson(url.toString(), { headers: { accept: "application/json" } }, signal)) as {
        results?: unknown;
      };
      return clean(
        body.results,
        (o) => ({ title: str(o.title), url: str(o.url), snippet: str(o.content) }),
        limit,
      );
    },
  };
}

/** Brave Search API. */
export function brave(
  apiKey: string,
  endpoint = "https://api.search.brave.com/res/v1/web/search",
): WebSearchProvider {
  return {
    name: "brave",
    async search(query, { limit, signal }) {
      const url = new URL(endpoint);
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(limit));
      const body = (await getJson(
        url.toString(),
        { headers: { accept: "application/json", "x-subscription-token": apiKey } },
        signal,
      )) as {
        web?: { results?: unknown };
      };
      return clean(
        body.web?.results,
        (o) => ({ title: str(o.title), url: str(o.url), snippet: str(o.description) }),
        limit,
      );
    },
  };
}

/** Tavily search API. */
export function tavily(apiKey: string, endpoint = "https://api.tavily.com/search"): WebSearchProvider {
  return {
    name: "tavily",
    async search(query, { limit, signal }) {
      const body = (await getJson(
        endpoint,
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ query, max_results: limit }),
        },
        signal,
      )) as { results?: unknown };
      return clean(
        body.results,
        (o) => ({ title: str(o.title), url: str(o.url), snippet: str(o.content) }),
        limit,
      );
    },
  };
}

/** The configured provider, first of SearXNG, Brave, Tavily; none by default (web search off). */
export function webSearchFromConfig(config: Config): WebSearchProvider | undefined {
  if (config.SEARXNG_URL) return searxng(config.SEARXNG_URL);
  if (config.BRAVE_API_KEY) return brave(config.BRAVE_API_KEY);
  if (config.TAVILY_API_KEY) return tavily(config.TAVILY_API_KEY);
  return undefined;
}
