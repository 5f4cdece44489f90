import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  collectionMessages,
  type Collection,
  type CollectionList,
  type ShareResponse,
} from "@mnemo/contracts";
import { source } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { desktopHeaders } from "../../test/factories.ts";
import { acceptInvitation, buildCollection, buildMemories, setPlan } from "./test-factories.ts";

const json = async <T>(res: Response) => (await res.json()) as T;

describe.each(testDatabases())("collections on %s", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser({ name: "Alice" });
    // Alice makes many collections across these tests; the plan limits get their own users below.
    await setPlan(m.ctx.database.db, alice, "team");
  });
  afterAll(async () => {
    await m?.close();
  });

  const list = async (u: TestUser) =>
    (await json<CollectionList>(await m.request("GET", "/api/collection", { as: u }))).collections;

  it("creates from query fields, refuses a missing or duplicate name, and lists it with the spec's fields", async () => {
    const created = await m.request(
      "PUT",
      "/api/collection?collection_name=Research&description=Papers&custom_instructions=Be%20brief",
      { as: alice },
    );
    expect(created.status).toBe(201);
    const { collection_id } = await json<{ collection_id: string }>(created);

    const noName = await m.request("PUT", "/api/collection", {
      as: alice,
      json: { name: "   ", description: "x" },
    });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({
      error: "validation",
      message: collectionMessages.nameRequired,
    });

    const dup = await m.request("PUT", "/api/collection", { as: alice, json: { name: "Research" } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ error: "conflict", message: collectionMessages.nameExists });
    // Not an exact match: allowed.
    expect(
      (await m.request("PUT", "/api/collection", { as: alice, json: { name: "research" } })).status,
    ).toBe(201);

    const mine = (await list(alice)).find((c) => c.collection_id === collection_id) as Collection;
    expect(mine).toMatchObject({
      collection_name: "Research",
      description: "Papers",
      custom_instructions: "Be brief",
      document_count: 0,
      admin: [alice.email],
      read: [],
      write: [],
      top_documents: [],
      access: "admin",
    });
    expect(Math.abs(mine.creation_time - Date.now() / 1000)).toBeLessThan(60);
  });

  it("updates name, description and instructions, and refuses renaming onto another name", async () => {
    const id = await buildCollection(m, alice, { name: "Drafts" });
    await buildCollection(m, alice, { name: "Final" });
    const upd = await m.request(
      "PUT",
      `/api/collection?collection_id=${id}&description=Work%20in%20progress`,
      { as: alice, json: { collection_name: "Drafts 2" } },
    );
    expect(upd.status).toBe(200);
    const taken = await m.request("PUT", "/api/collection", {
      as: alice,
      json: { collection_id: id, collection_name: "Final" },
    });
    expect(taken.status).toBe(409);
    const instr = await m.request(
      "PUT",
      `/api/collection/${id}/add_custom_instructions?custom_instructions=Answer%20in%20French`,
      { as: alice },
    );
    expect(instr.status).toBe(200);
    const got = await json<Collection>(await m.request("GET", `/api/collection/${id}`, { as: alice }));
    expect(got).toMatchObject({
      collection_name: "Drafts 2",
      description: "Work in progress",
      custom_instructions: "Answer in French",
    });
  });

  it("adds memories in batches larger than 10, reports duplicates with the spec's result, pages them", async () => {
    const id = await buildCollection(m, alice);
    const mem = await buildMemories(m.ctx.database.db, alice, 30);
    const first = await m.request("POST", `/api/collection/add_sources?collection_id=${id}`, {
      as: alice,
      json: { documents: mem.slice(0, 25) },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: "success", document_count: 25, duplicates: [] });

    const again = await m.request("POST", `/api/collection/add_sources?collection_id=${id}`, {
      as: alice,
      json: { documents: mem.slice(0, 2) },
    });
    expect(await again.json()).toEqual({
      result: "duplicate_source",
      message: collectionMessages.serverDuplicateInCollection,
      added: [],
      duplicates: mem.slice(0, 2),
      document_count: 25,
    });
    const mixed = await json<{ result: string; added: string[]; duplicates: string[] }>(
      await m.request("POST", `/api/collection/add_sources?collection_id=${id}`, {
        as: alice,
        json: { documents: [mem[0], mem[25]] },
      }),
    );
    expect(mixed).toMatchObject({ result: "success", added: [mem[25]], duplicates: [mem[0]] });

    const page = await json<{ results: { id: string; owner: string }[]; total: number; has_more: boolean }>(
      await m.request("GET", `/api/collection/${id}/sources?page=2&page_size=20`, { as: alice }),
    );
    expect(page.total).toBe(26);
    expect(page.results).toHaveLength(6);
    expect(page.has_more).toBe(false);
    expect(page.results[0].owner).toBe(alice.email);

    const removed = await m.request("POST", `/api/collection/remove_sources?collection_id=${id}`, {
      as: alice,
      json: { documents: [mem[0], mem[1]] },
    });
    expect(await removed.json()).toMatchObject({ removed: [mem[0], mem[1]], document_count: 24 });
    const card = (await list(alice)).find((c) => c.collection_id === id) as Collection;
    expect(card.document_count).toBe(24);
    expect(card.top_documents.length).toBe(3);
  });

  it("refuses another user's memory and adds nothing from that batch", async () => {
    const mallory = await m.buildUser();
    const theirs = await buildMemories(m.ctx.database.db, mallory, 1, "Secret");
    const mine = await buildMemories(m.ctx.database.db, alice, 1);
    const id = await buildCollection(m, alice);
    const res = await m.request("POST", `/api/collection/add_sources?collection_id=${id}`, {
      as: alice,
      json: { documents: [mine[0], theirs[0]] },
    });
    expect(res.status).toBe(404);
    expect(
      (await json<Collection>(await m.request("GET", `/api/collection/${id}`, { as: alice }))).document_count,
    ).toBe(0);
  });

  it("shares by e-mail before sign-up; only the invitation link attaches it (once), upgrades, and revocation acts at once", async () => {
    const mem = await buildMemories(m.ctx.database.db, alice, 3);
    const id = await buildCollection(m, alice, { name: "Team notes", memories: mem });
    const bobEmail = `bob-${Date.now()}@example.com`;
    const shared = await m.request("POST", `/api/collection/${id}/share`, {
      as: alice,
      json: { collection_id: id, recipient_email_ids: [bobEmail.toUpperCase()], type_of_access: "read" },
    });
    const answer = (await shared.json()) as ShareResponse;
    expect(answer).toMatchObject({ read: [bobEmail], admin: [alice.email] });
    // No SMTP here: the sharer gets the link to pass on.
    expect(answer.invitations).toEqual([
      { email: bobEmail, invitation_url: expect.stringMatching(/\/\?invitation=[\w-]{40,}$/), mailed: false },
    ]);

    // Registering the address proves nothing (issue 12 item 3): Bob sees nothing yet.
    const bob = await m.buildUser({ email: bobEmail });
    expect((await list(bob)).some((c) => c.collection_id === id)).toBe(false);
    expect((await m.request("GET", `/api/collection/${id}`, { as: bob })).status).toBe(404);

    expect(await acceptInvitation(m, bob, answer.invitations[0]!.invitation_url)).toEqual({
      collection_id: id,
      access: "read",
    });
    const seen = (await list(bob)).find((c) => c.collection_id === id) as Collection;
    expect(seen).toMatchObject({
      access: "read",
      document_count: 3,
      policies: { add_sources: false, share: false },
    });
    expect((await m.request("GET", `/api/collection/${id}/sources`, { as: bob })).status).toBe(200);

    // The link works once: a second opening, by anyone, gets nothing.
    const token = new URL(answer.invitations[0]!.invitation_url).searchParams.get("invitation");
    const mallory = await m.buildUser();
    const again = await m.request("POST", "/api/collection/invitation/claim", {
      as: mallory,
      json: { token },
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: collectionMessages.invitationInvalid });
    expect((await m.request("GET", `/api/collection/${id}`, { as: mallory })).status).toBe(404);

    const bobMem = await buildMemories(m.ctx.database.db, bob, 1, "Bob's");
    const denied = await m.request("POST", `/api/collection/add_sources?collection_id=${id}`, {
      as: bob,
      json: { documents: bobMem },
    });
    expect(denied.status).toBe(403);

    await m.request("POST", `/api/collection/${id}/share`, {
      as: alice,
      json: { recipient_email_ids: [bobEmail], type_of_access: "write" },
    });
    const ok = await m.request("POST", `/api/collection/add_sources?collection_id=${id}`, {
      as: bob,
      json: { documents: bobMem },
    });
    expect(ok.status).toBe(200);
    expect(
      (
        await m.request("POST", `/api/collection/${id}/share`, {
          as: bob,
          json: { recipient_email_ids: ["eve@example.com"], type_of_access: "admin" },
        })
      ).status,
    ).toBe(403);

    const rev = await m.request("DELETE", `/api/collection/${id}/revoke_access`, {
      as: alice,
      json: { collection_id: id, recipient_email_id: bobEmail, type_of_access: "write" },
    });
    expect(rev.status).toBe(200);
    expect((await m.request("GET", `/api/collection/${id}`, { as: bob })).status).toBe(404);
    expect((await list(bob)).some((c) => c.collection_id === id)).toBe(false);
    const ownerRevoke = await m.request("DELETE", `/api/collection/${id}/revoke_access`, {
      as: alice,
      json: { recipient_email_id: alice.email },
    });
    expect(ownerRevoke.status).toBe(400);
  });

  it("deletes collections all-or-nothing and leaves their memories in the wall", async () => {
    const mem = await buildMemories(m.ctx.database.db, alice, 2);
    const a = await buildCollection(m, alice, { memories: mem });
    const b = await buildCollection(m, alice);
    const stranger = await m.buildUser();
    const theirs = await buildCollection(m, stranger);
    expect(
      (await m.request("DELETE", "/api/collection/delete", { as: alice, json: [a, theirs] })).status,
    ).toBe(404);
    expect((await m.request("GET", `/api/collection/${a}`, { as: alice })).status).toBe(200);

    const del = await m.request("DELETE", "/api/collection/delete", {
      as: alice,
      json: { collection_ids: [a, b] },
    });
    expect(await del.json()).toEqual({ deleted: expect.arrayContaining([a, b]) });
    expect((await m.request("GET", `/api/collection/${a}`, { as: alice })).status).toBe(404);
    const still = await m.ctx.database.db
      .select({ id: source.id })
      .from(source)
      .where(eq(source.ownerId, alice.id));
    expect(still.map((r) => r.id)).toEqual(expect.arrayContaining(mem));
  });

  it("blocks creation at the plan's collection count and adding above it; the desktop app counts as team", async () => {
    const carol = await m.buildUser();
    await setPlan(m.ctx.database.db, carol, "free");
    const create = (name: string, headers: Record<string, string> = {}) =>
      m.request("PUT", "/api/collection", { as: carol, json: { name }, headers });
    for (let i = 1; i <= 3; i++) expect((await create(`C${i}`)).status).toBe(201);
    const blocked = await create("C4");
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({
      error: "plan_limit",
      message: "You've reached your Free plan's limit of 3 collections.",
    });

    expect((await create("C4", { source: "desktop_app" })).status).toBe(403);
    expect((await create("C4", desktopHeaders(m, carol))).status).toBe(201);
    const ids = (await list(carol)).map((c) => c.collection_id);
    const mem = await buildMemories(m.ctx.database.db, carol, 1);
    const add = await m.request("POST", `/api/collection/add_sources?collection_id=${ids[0]}`, {
      as: carol,
      json: { documents: mem },
    });
    expect(add.status).toBe(403);
    expect(await add.json()).toMatchObject({
      message:
        "You've reached the Free plan's limit of 3 collections. To add more memories, please reduce your collections to 3 or upgrade your account.",
    });
  });

  it("never overshoots the limit under concurrent creates", async () => {
    const dave = await m.buildUser();
    await setPlan(m.ctx.database.db, dave, "free");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        m.request("PUT", "/api/collection", { as: dave, json: { name: `Parallel ${i}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
    expect(await list(dave)).toHaveLength(3);
  });
});
