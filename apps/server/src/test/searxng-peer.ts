import http from "node:http";
import type { AddressInfo } from "node:net";

export type SearxngPeer = {
  /** Base URL to configure as SEARXNG_URL. */
  url: string;
  /** While true, every search answers HTTP 500. */
  failing: boolean;
  close(): Promise<void>;
};

/** A local SearXNG JSON API (GET /search?format=json) answering one result per query. */
export async function startSearxngPeer(): Promise<SearxngPeer> {
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? "/", "http://local").searchParams.get("q");
    if (peer.failing) {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        results: [{ title: `On ${q}`, url: "https://example.org/result", content: "A web result." }],
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const peer: SearxngPeer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    failing: false,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return peer;
}
