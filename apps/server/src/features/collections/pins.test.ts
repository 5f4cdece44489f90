import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildSource } from "../../test/factories.ts";
import { buildCollection } from "./test-factories.ts";

/** Pins are per user (issue 41): the owner's pin never shows in a viewer's view of a shared collection. */
describe.each(testDatabases())("pins in a shared collection on %s", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser({ name: "Alice" });
    bob = await m.buildUser({ name: "Bob" });
  });
  afterAll(async () => {
    await m?.close();
  });

  it("shows the owner their pin and the viewer none", async () => {
    const memory = await buildSource(m, alice, { title: "Pinned by Alice" });
    const pin = await m.request("PUT", "/api/sources/pin", {
      as: alice,
      json: { source_id: memory, is_pinned: true },
    });
    expect(pin.status).toBe(200);
    const id = await buildCollection(m, alice, { memories: [memory], shareWith: [[bob, "read"]] });
    const pinned = async (as: TestUser, url: string) => {
      const res = await m.request("GET", url, { as });
      expect(res.status).toBe(200);
      return JSON.stringify(await res.json()).match(/"is_pinned":(true|false)/)?.[1];
    };
    expect(await pinned(alice, `/api/sources/${memory}`)).toBe("true");
    expect(await pinned(bob, `/api/sources/${memory}`)).toBe("false");
    expect(await pinned(bob, `/api/sources?collection_id=${id}`)).toBe("false");
  });
});
