import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { collectionMessages, type Me, type ShareResponse } from "@mnemo/contracts";
import { collectionInvitation } from "../../platform/db/schema/index.ts";
import { windowRules } from "../../platform/rate-limits/rules.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { acceptInvitation, buildCollection } from "./test-factories.ts";

/**
 * The public invitation preview (issue 41): the sign-in and sign-up pages opened from an
 * invitation link name the collection and who shared it, before anyone signs in.
 */
describe.each(testDatabases())("invitation preview on %s", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;

  const tokenOf = (url: string) => new URL(url).searchParams.get("invitation") ?? "";
  const share = async (as: TestUser, id: string, email: string, role: "read" | "admin" = "read") => {
    const res = await m.request("POST", `/api/collection/${id}/share`, {
      as,
      json: { recipient_email_ids: [email], type_of_access: role },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as ShareResponse).invitations;
  };
  /** Signed out, as the invitation page asks. */
  const preview = (token: string, headers?: Record<string, string>) =>
    m.request("POST", "/api/collection/invitation/preview", { json: { token }, headers });
  const me = async (u: TestUser) => (await (await m.request("GET", "/api/user/me", { as: u })).json()) as Me;

  beforeAll(async () => {
    // No SMTP: the sharer copies the link. Behind a proxy, so the rate limit sees addresses.
    m = await createTestMnemo(kind, { TRUST_PROXY: "true" });
    alice = await m.buildUser({ name: "Alice Sharer" });
  }, 60_000);
  afterAll(() => m?.close());

  it("names the collection and the sharer, signed out, and nothing else", async () => {
    const id = await buildCollection(m, alice, { name: "Field notes" });
    const [invitation] = await share(alice, id, `newcomer-${Date.now()}@example.com`);
    const res = await preview(tokenOf(invitation!.invitation_url));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ collection_name: "Field notes", inviter_name: "Alice Sharer" });
    // No ids, no e-mail addresses (the sharer's or the invitee's).
    const text = JSON.stringify(body);
    for (const secret of [id, alice.id, alice.email, invitation!.email]) expect(text).not.toContain(secret);
  });

  it("names whoever shared it: an admin member, not the creator", async () => {
    const bob = await m.buildUser({ name: "Bob Admin" });
    const id = await buildCollection(m, alice, { name: "Team notes", shareWith: [[bob, "admin"]] });
    const [invitation] = await share(bob, id, `guest-${Date.now()}@example.com`);
    expect(await (await preview(tokenOf(invitation!.invitation_url))).json()).toEqual({
      collection_name: "Team notes",
      inviter_name: "Bob Admin",
    });
  });

  it("answers 404 for an unknown, revoked, expired or used link", async () => {
    const unknown = await preview("guessed-token-that-was-never-issued");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: "not_found",
      message: collectionMessages.invitationInvalid,
    });

    const id = await buildCollection(m, alice, { name: "Closing soon" });
    const [revoked] = await share(alice, id, `revoked-${Date.now()}@example.com`);
    expect((await preview(tokenOf(revoked!.invitation_url))).status).toBe(200);
    await m.request("DELETE", `/api/collection/${id}/revoke_access`, {
      as: alice,
      json: { recipient_email_id: revoked!.email },
    });
    expect((await preview(tokenOf(revoked!.invitation_url))).status).toBe(404);

    const [expiring] = await share(alice, id, `expired-${Date.now()}@example.com`);
    await m.ctx.database.db
      .update(collectionInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(collectionInvitation.email, expiring!.email));
    expect((await preview(tokenOf(expiring!.invitation_url))).status).toBe(404);

    const [used] = await share(alice, id, `used-${Date.now()}@example.com`);
    expect((await preview(tokenOf(used!.invitation_url))).status).toBe(200);
    await acceptInvitation(m, await m.buildUser(), used!.invitation_url);
    expect((await preview(tokenOf(used!.invitation_url))).status).toBe(404);
  });

  it("is rate-limited per address", async () => {
    const rule = windowRules.invitationPreviewPerIp;
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (let i = 0; i < rule.max; i++)
      expect((await preview(`guess-${i}`, from("192.0.2.60"))).status).toBe(404);
    const refused = await preview("guess-last", from("192.0.2.60"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await preview("guess-elsewhere", from("192.0.2.61"))).status).toBe(404);
  });

  it("the invitee's onboarding knows the collection it joined, until onboarding is finished", async () => {
    const id = await buildCollection(m, alice, { name: "Joined" });
    const invitee = await m.buildUser();
    expect((await me(invitee)).joined_collection_id).toBeNull();
    const [invitation] = await share(alice, id, invitee.email);
    await acceptInvitation(m, invitee, invitation!.invitation_url);
    expect((await me(invitee)).joined_collection_id).toBe(id);

    const done = await m.request("PATCH", "/api/user/metadata", {
      as: invitee,
      json: { submitUserDetails: true },
    });
    expect(done.status).toBe(200);
    expect((await me(invitee)).joined_collection_id).toBeNull();
  });
});
