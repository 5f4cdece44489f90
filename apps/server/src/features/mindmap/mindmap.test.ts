import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Mindmap } from "@mnemo/contracts/mindmap";
import { queryRows } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { uploadText, waitIndexed } from "../../core/ingest/test/helpers.ts";
import { buildCollection } from "../collections/test-factories.ts";

describe.each(testDatabases())("mind map (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 60_000);
  afterAll(async () => m?.close());

  it("links a collection to its memories and memories that share key terms, never another user's", async () => {
    const telescope = await uploadText(
      m,
      alice,
      "telescope.md",
      "# Telescope mirror\n\nThe reflecting telescope mirror was ground by hand; the mirror needs aluminising.",
    );
    const observatory = await uploadText(
      m,
      alice,
      "observatory.md",
      "# Observatory visit\n\nAt the observatory we saw a telescope with a huge mirror and an equatorial mount.",
    );
    const garden = await uploadText(
      m,
      alice,
      "garden.md",
      "# Garden\n\nTomatoes and basil need six hours of sun.",
    );
    const secret = await uploadText(
      m,
      bob,
      "bob.md",
      "# Bob's telescope\n\nBob's telescope mirror is private.",
    );
    await waitIndexed(
      m,
      alice,
      [telescope, observatory, garden].map((id) => ({ id, type: "file" })),
    );
    await waitIndexed(m, bob, [{ id: secret, type: "file" }]);
    const stars = await buildCollection(m, alice, { name: "Stars", memories: [telescope, observatory] });

    const res = await m.request("GET", "/api/mindmap", { as: alice });
    expect(res.status).toBe(200);
    const map = (await res.json()) as Mindmap;
    expect(map.truncated).toBe(false);
    expect(map.nodes.map((n) => n.id).sort()).toEqual([telescope, observatory, garden, stars].sort());
    expect(map.nodes.find((n) => n.id === stars)).toMatchObject({ kind: "collection", title: "Stars" });
    const pairs = map.edges.map((e) => `${e.kind}:${[e.source, e.target].sort().join(",")}`);
    expect(pairs).toContain(`member:${[stars, telescope].sort().join(",")}`);
    expect(pairs).toContain(`member:${[stars, observatory].sort().join(",")}`);
    const shared = map.edges.find((e) => e.kind === "term");
    expect([shared?.source, shared?.target].sort()).toEqual([telescope, observatory].sort());
    expect(shared?.terms).toEqual(expect.arrayContaining(["telescop"]));
    expect(map.edges.some((e) => e.source === secret || e.target === secret)).toBe(false);
    expect(map.nodes.find((n) => n.id === garden)?.terms.length).toBeGreaterThan(0);

    // Key terms are kept by indexing; a memory indexed before that gets them on the next map.
    const [row] = await queryRows<{ key_terms: unknown }>(
      m.ctx.database.db,
      sql`SELECT meta->'key_terms' AS key_terms FROM source WHERE id = ${telescope}`,
    );
    expect(row.key_terms).toEqual(expect.arrayContaining([expect.objectContaining({ term: "telescop" })]));
    await m.ctx.database.db.execute(
      sql`UPDATE source SET meta = meta - 'key_terms' WHERE owner_id = ${alice.id}`,
    );
    const again = (await (await m.request("GET", "/api/mindmap", { as: alice })).json()) as Mindmap;
    expect(again.edges).toEqual(map.edges);

    expect((await m.request("GET", "/api/mindmap")).status).toBe(401);
  });
});
