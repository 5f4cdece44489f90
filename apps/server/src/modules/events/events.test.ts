import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, type TestMnemo } from "../../test/harness.ts";

async function readEvents(res: Response, count: number): Promise<{ event: string; data: unknown }[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const out: { event: string; data: unknown }[] = [];
  while (out.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let idx;
    while ((idx = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, idx);
      buf = buf.slice(idx + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "null";
      out.push({ event, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return out;
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
    const events = m.ctx.events;
    const pending = readEvents(res, 2);
    await new Promise((r) => setTimeout(r, 50));
    events.publish(bob.id, {
      type: "indexing",
      data: { id: "bobs", type: "file", indexing_status: "success" },
    });
    events.publish(ann.id, {
      type: "indexing",
      data: { id: "anns", type: "file", indexing_status: "success" },
    });
    const got = await pending;
    expect(got[0]).toMatchObject({ event: "me", data: { full_name: "Ann Events" } });
    expect(got[1]).toEqual({
      event: "indexing",
      data: { id: "anns", type: "file", indexing_status: "success" },
    });
  });
});
