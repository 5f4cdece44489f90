import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brave, searxng, tavily, webSearchFromConfig } from "./web-search.ts";
import { loadConfig } from "../../../platform/config.ts";

/**
 * A local peer speaking the three vendors' HTTP APIs as documented: Brave (GET
 * /res/v1/web/search, X-Subscription-Token, `web.results[].description`), Tavily (POST /search,
 * bearer key, JSON body, `results[].content`) and SearXNG (GET /search?format=json).
 */
let server: http.Server;
let origin = "";
const seen: { path: string; method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", method: req.method ?? "", headers: req.headers, body });
      const url = new URL(req.url ?? "/", "http://local");
      const json = (status: number, data: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(data));
      };
      if (url.pathname === "/res/v1/web/search") {
        if (req.headers["x-subscription-token"] !== "brave-key") return json(401, { error: "bad key" });
        return json(200, {
          web: {
            results: [
              {
                title: `Brave on ${url.searchParams.get("q")}`,
                url: "https://example.org/brave",
                description: "From Brave.",
              },
              { title: "No url" },
              { title: "Second", url: "https://example.org/2", description: "Two." },
            ],
          },
        });
      }
      if (url.pathname === "/search" && req.method === "POST") {
        if (req.headers.authorization !== "Bearer tvly-key") return json(401, { detail: "unauthorized" });
        const q = JSON.parse(body) as { query: string; max_results: number };
        return json(200, {
          results: [
            {
              title: `Tavily on ${q.query}`,
              url: "https://example.org/tavily",
              content: "From Tavily.",
              score: 0.9,
            },
          ],
        });
      }
      if (url.pathname === "/search" && url.searchParams.get("format") === "json") {
        return json(200, {
          results: [{ title: "SearXNG hit", url: "https://example.org/sx", content: "From SearXNG." }],
        });
      }
      json(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("web search adapters against a local peer", () => {
  it("Brave: sends the key and count, keeps results with a url", async () => {
    const results = await brave("brave-key", `${origin}/res/v1/web/search`).search("kelp forests", {
      limit: 5,
    });
    expect(results).toEqual([
      { title: "Brave on kelp forests", url: "https://example.org/brave", snippet: "From Brave." },
      { title: "Second", url: "https://example.org/2", snippet: "Two." },
    ]);
    const req = seen.find((s) => s.path.startsWith("/res/v1/web/search"))!;
    expect(new URL(req.path, origin).searchParams.get("count")).toBe("5");
  });

  it("Tavily: posts the query with the bearer key", async () => {
    const results = await tavily("tvly-key", `${origin}/search`).search("tide pools", { limit: 3 });
    expect(results).toEqual([
      { title: "Tavily on tide pools", url: "https://example.org/tavily", snippet: "From Tavily." },
    ]);
    const req = seen.find((s) => s.method === "POST")!;
    expect(JSON.parse(req.body)).toEqual({ query: "tide pools", max_results: 3 });
  });

  it("a refused key is an error, not empty results", async () => {
    await expect(brave("wrong", `${origin}/res/v1/web/search`).search("x", { limit: 3 })).rejects.toThrow(
      "HTTP 401",
    );
    await expect(tavily("wrong", `${origin}/search`).search("x", { limit: 3 })).rejects.toThrow("HTTP 401");
  });

  it("SearXNG: the JSON format", async () => {
    expect(await searxng(origin).search("q", { limit: 3 })).toEqual([
      { title: "SearXNG hit", url: "https://example.org/sx", snippet: "From SearXNG." },
    ]);
  });

  it("is off by default and picks SearXNG, then Brave, then Tavily", () => {
    expect(webSearchFromConfig(loadConfig({}))).toBeUndefined();
    expect(webSearchFromConfig(loadConfig({ TAVILY_API_KEY: "t" }))?.name).toBe("tavily");
    expect(webSearchFromConfig(loadConfig({ BRAVE_API_KEY: "b", TAVILY_API_KEY: "t" }))?.name).toBe("brave");
    expect(
      webSearchFromConfig(loadConfig({ SEARXNG_URL: "http://sx.local", BRAVE_API_KEY: "b" }))?.name,
    ).toBe("searxng");
  });
});
