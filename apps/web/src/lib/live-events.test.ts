// @vitest-environment jsdom
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import { connectLiveEvents, isLive, reconnectDelay, type LiveEvent } from "./live-events";

describe("live events reconnect", () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [3, 8_000],
    [5, 30_000],
    [20, 30_000],
  ])("after %i failures waits %i ms", (n, ms) => expect(reconnectDelay(n)).toBe(ms));
});

describe("the live stream against a real SSE server", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });

  it("sends the token, reconnects after a drop with Last-Event-ID, and stops on 401", async () => {
    const requests: { auth?: string; lastEventId?: string }[] = [];
    server = http.createServer((req, res) => {
      requests.push({ auth: req.headers.authorization, lastEventId: req.headers["last-event-id"] as string });
      const n = requests.length;
      if (n === 3) {
        res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`event: me\ndata: {"n":${n}}\n\n`);
      res.write(`id: ${n * 10}\nevent: indexing\ndata: {"id":"m${n}"}\n\n`);
      // The first stream drops (a restarted API process); the second one also ends.
      setTimeout(() => res.end(), 20);
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const seen: LiveEvent[] = [];
    const stop = connectLiveEvents({
      token: "tok-123",
      url: `http://127.0.0.1:${port}/api/events`,
      onEvent: (e) => seen.push(e),
      fetch: globalThis.fetch.bind(globalThis),
    });
    await waitFor(() => expect(requests.length).toBe(3), { timeout: 10_000 });
    stop();
    expect(requests[0]).toEqual({ auth: "Bearer tok-123", lastEventId: undefined });
    expect(requests[1]).toEqual({ auth: "Bearer tok-123", lastEventId: "10" });
    expect(requests[2].lastEventId).toBe("20");
    expect(seen).toEqual([
      { event: "me", data: { n: 1 } },
      { event: "indexing", data: { id: "m1" } },
      { event: "me", data: { n: 2 } },
      { event: "indexing", data: { id: "m2" } },
    ]);
    expect(isLive()).toBe(false);
  });
});
