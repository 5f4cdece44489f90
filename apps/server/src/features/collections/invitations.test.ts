import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  collectionMessages,
  type Collection,
  type CollectionList,
  type ShareResponse,
} from "@mnemo/contracts";
import { collectionInvitation } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../../test/smtp-peer.ts";
import { acceptInvitation, buildCollection } from "./test-factories.ts";

/** The first link in a mail to `to` that contains `part`. */
function linkIn(mails: ReceivedMail[], to: string, part: string): string | undefined {
  const mail = mails.find((m) => m.to === to && m.text.includes(part));
  return mail?.text.match(new RegExp(`https?://\\S*${part.replace(/[?]/g, "\\?")}\\S*`))?.[0];
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe.each(testDatabases())("invitations bound to proof of the address on %s", (kind) => {
  let m: TestMnemo;
  let mailbox: SmtpPeer;
  let alice: TestUser;

  const list = async (u: TestUser) =>
    ((await (await m.request("GET", "/api/collection", { as: u })).json()) as CollectionList).collections;
  const share = async (id: string, email: string, role: "read" | "write" = "read") => {
    const res = await m.request("POST", `/api/collection/${id}/share`, {
      as: alice,
      json: { recipient_email_ids: [email], type_of_access: role },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as ShareResponse;
  };

  beforeAll(async () => {
    mailbox = await startSmtpPeer();
    m = await createTestMnemo(kind, {
      SMTP_URL: mailbox.url,
      MAIL_FROM: "Mnemo <mnemo@example.com>",
      PUBLIC_URL: "https://mnemo.example.com",
    });
    alice = await m.buildUser({ name: "Alice" });
  });
  afterAll(async () => {
    await m?.close();
    await mailbox?.close();
  });

  it("mails the invitation; the address's owner verifies it by mail and gets the grant", async () => {
    const id = await buildCollection(m, alice, { name: "Field notes" });
    const bobEmail = `bob-${Date.now()}@example.com`;
    const answer = await share(id, bobEmail);
    expect(answer.invitations).toEqual([
      {
        email: bobEmail,
        invitation_url: expect.stringContaining("https://mnemo.example.com/?invitation="),
        mailed: true,
      },
    ]);
    const invitation = await waitUntil("the invitation mail", () =>
      linkIn(mailbox.mails, bobEmail, "?invitation="),
    );
    expect(invitation).toBe(answer.invitations[0]!.invitation_url);
    expect(mailbox.mails.find((x) => x.to === bobEmail)?.text).toContain(
      'Alice shared the collection "Field notes"',
    );

    // Signing up sends a verification mail; until it is followed, nothing is shared.
    const bob = await m.buildUser({ email: bobEmail });
    expect((await list(bob)).some((c) => c.collection_id === id)).toBe(false);
    const verify = await waitUntil("the verification mail", () =>
      linkIn(mailbox.mails, bobEmail, "/api/auth/verify-email?token="),
    );
    const opened = await m.request("GET", pathOf(verify));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/?email_verified=1");
    expect((await list(bob)).find((c) => c.collection_id === id)).toMatchObject({ access: "read" });

    // Once verified, a later share reaches Bob at once, with no invitation to pass on.
    const second = await buildCollection(m, alice, { name: "Later" });
    expect((await share(second, bobEmail)).invitations).toEqual([]);
    expect((await list(bob)).some((c: Collection) => c.collection_id === second)).toBe(true);
  });

  it("an unverified registrant of the address gets nothing; the invitee's link binds the grant to the invitee, once", async () => {
    const id = await buildCollection(m, alice, { name: "Squatted" });
    const address = `carol-${Date.now()}@example.com`;
    // Someone registers the address first and never proves it.
    const squatter = await m.buildUser({ email: address });
    const answer = await share(id, address, "write");
    expect(answer.invitations).toHaveLength(1);
    expect((await list(squatter)).some((c) => c.collection_id === id)).toBe(false);
    expect((await m.request("GET", `/api/collection/${id}`, { as: squatter })).status).toBe(404);

    // The real Carol follows the mailed link while signed in with her own account.
    const link = await waitUntil("the invitation mail", () => linkIn(mailbox.mails, address, "?invitation="));
    const carol = await m.buildUser();
    expect(await acceptInvitation(m, carol, link)).toEqual({ collection_id: id, access: "write" });
    expect((await m.request("GET", `/api/collection/${id}`, { as: carol })).status).toBe(200);

    const token = new URL(link).searchParams.get("invitation");
    const replay = await m.request("POST", "/api/collection/invitation/claim", {
      as: squatter,
      json: { token },
    });
    expect(replay.status).toBe(404);
    expect(await replay.json()).toMatchObject({ message: collectionMessages.invitationInvalid });
    expect((await m.request("GET", `/api/collection/${id}`, { as: squatter })).status).toBe(404);
  });

  it("stores only the token's hash; a revoked or expired invitation reaches nothing", async () => {
    const id = await buildCollection(m, alice);
    const revoked = (await share(id, `dan-${Date.now()}@example.com`)).invitations[0]!;
    const token = new URL(revoked.invitation_url).searchParams.get("invitation")!;
    const stored = await m.ctx.database.db
      .select()
      .from(collectionInvitation)
      .where(eq(collectionInvitation.collectionId, id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    await m.request("DELETE", `/api/collection/${id}/revoke_access`, {
      as: alice,
      json: { recipient_email_id: revoked.email },
    });
    const dan = await m.buildUser();
    const claim = (t: string) =>
      m.request("POST", "/api/collection/invitation/claim", { as: dan, json: { token: t } });
    expect((await claim(token)).status).toBe(404);

    const expiring = (await share(id, `erin-${Date.now()}@example.com`)).invitations[0]!;
    await m.ctx.database.db
      .update(collectionInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(collectionInvitation.collectionId, id));
    expect((await claim(new URL(expiring.invitation_url).searchParams.get("invitation")!)).status).toBe(404);
    expect((await m.request("GET", `/api/collection/${id}`, { as: dan })).status).toBe(404);
  });

  it("a bad verification link opens the app with email_verified=0", async () => {
    const res = await m.request("GET", "/api/auth/verify-email?token=forged");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?email_verified=0");
  });
});
