import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, type TestMnemo } from "../../test/harness.ts";

/** Reads server-sent events one at a time, as a browser's EventSource would. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  return {
    async next(): Promise<{ event: string; data: unknown } | undefined> {
      for (;;) {
        const idx = buf.indexOf("\n\n");
        if (idx >= 0) {
          const block = buf.slice(0, idx);
          buf = buf.slice(idx + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "null";
          return { event, data: JSON.parse(data) };
        }
        const { value, done } = await reader.read();
        if (done) return undefined;
        buf += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}

describe("server-sent events", () => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo("pglite");
  });
  afterAll(async () => {
    await m?.close();
  });

  it("sends the user's own document first, then only that user's events", async () => {
    const ann = await m.buildUser({ name: "Ann Events" });
    const bob = await m.buildUser();
    const res = await m.request("GET", "/api/events", { as: ann });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = sseReader(res);
    // The stream subscribes before it sends the user's document: once that has arrived, events
    // published for the user reach this client.
    expect(await events.next()).toMatchObject({ event: "me", data: { full_name: "Ann Events" } });
    m.ctx.events.publish(bob.id, {
      type: "indexing",
      data: { id: "bobs", type: "file", indexing_status: "success" },
    });
    m.ctx.events.publish(ann.id, {
      type: "indexing",
      data: { id: "anns", type: "file", indexing_status: "success" },
    });
    expect(await events.next()).toEqual({
      event: "indexing",
      data: { id: "anns", type: "file", indexing_status: "success" },
    });
    await events.close();
  });
});
