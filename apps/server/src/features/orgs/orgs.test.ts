import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orgMessages, type ApplicationsResponse } from "@mnemo/contracts";
import { invitation, orgAppKey } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer.ts";
import { setPlan } from "../collections/test-factories.ts";
import { orgAppKeys } from "./app-keys.ts";

describe.each(testDatabases())("organisations on %s", (kind) => {
  let m: TestMnemo;
  let smtp: SmtpPeer;
  let site: FixtureSite;
  let owner: TestUser;
  let orgId: string;

  const post = (path: string, as: TestUser, json: unknown) => m.request("POST", path, { as, json });
  const linkTo = (to: string) =>
    smtp.mails
      .filter((x) => x.to === to && x.text.includes("/org/invitation/"))
      .at(-1)
      ?.text.match(/\/org\/invitation\/(\S+)/)?.[1];
  async function join(who: TestUser, organizationId = orgId) {
    const inv = await post("/api/org/invite_member", owner, {
      organization_id: organizationId,
      email: who.email,
    });
    expect(inv.status).toBe(201);
    await expect.poll(() => linkTo(who.email)).toBeTruthy();
    const res = await post("/api/org/accept_invitation", who, {
      invitation_id: decodeURIComponent(linkTo(who.email)!),
    });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    site = await startFixtureSite();
    m = await createTestMnemo(kind, {
      SMTP_URL: smtp.url,
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      FETCH_EXTRA_CA: site.caPath,
      GITHUB_CLIENT_ID: "operator-client",
      GITHUB_CLIENT_SECRET: "operator-secret",
    });
    owner = await m.buildUser({ name: "Olive Owner" });
    const res = await post("/api/org/create", owner, { name: "Olive Co" });
    expect(res.status).toBe(201);
    orgId = ((await res.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.close();
    await site?.close();
  });

  it("invites by e-mail over SMTP; the link joins once, for the invited address only", async () => {
    const ann = await m.buildUser({ name: "Ann" });
    const eve = await m.buildUser({ name: "Eve" });
    const inv = await post("/api/org/invite_member", owner, { organization_id: orgId, email: ann.email });
    expect(await inv.json()).toMatchObject({ mailed: true, role: "member" });
    await expect.poll(() => linkTo(ann.email)).toBeTruthy();
    const mail = smtp.mails.find((x) => x.to === ann.email && x.text.includes("/org/invitation/"))!;
    expect(mail.subject).toBe("Olive Owner invited you to Olive Co on Mnemo");
    const invitationId = decodeURIComponent(linkTo(ann.email)!);
    const stolen = await post("/api/org/accept_invitation", eve, { invitation_id: invitationId });
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toMatchObject({ message: orgMessages.invitationOtherEmail });
    expect((await post("/api/org/accept_invitation", ann, { invitation_id: invitationId })).status).toBe(200);
    const again = await post("/api/org/accept_invitation", ann, { invitation_id: invitationId });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: orgMessages.invitationInvalid });
    const orgs = await m.request("GET", "/api/org/get_user_organizations", { as: ann });
    expect(await orgs.json()).toMatchObject({ organizations: [{ id: orgId, role: "member" }] });
  });

  it("refuses an expired invitation link", async () => {
    const late = await m.buildUser({ name: "Late" });
    await post("/api/org/invite_member", owner, { organization_id: orgId, email: late.email });
    await expect.poll(() => linkTo(late.email)).toBeTruthy();
    const id = decodeURIComponent(linkTo(late.email)!);
    await m.ctx.database.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id));
    const res = await post("/api/org/accept_invitation", late, { invitation_id: id });
    expect(res.status).toBe(404);
  });

  it("counts seats (members and pending invitations) by the owner's plan", async () => {
    const seats = await m.request("GET", `/api/org/get_org_members?organization_id=${orgId}`, { as: owner });
    const { seats: before } = (await seats.json()) as { seats: { used: number; limit: number } };
    expect(before.limit).toBe(3); // free plan
    expect(before.used).toBe(2); // owner and Ann (the expired invitation frees its seat)
    expect(
      (await post("/api/org/invite_member", owner, { organization_id: orgId, email: "x1@example.com" }))
        .status,
    ).toBe(201);
    const full = await post("/api/org/invite_member", owner, {
      organization_id: orgId,
      email: "x2@example.com",
    });
    expect(full.status).toBe(403);
    expect(await full.json()).toMatchObject({ message: orgMessages.seatsFull });
    await setPlan(m.ctx.database.db, owner, "team");
    expect(
      (await post("/api/org/invite_member", owner, { organization_id: orgId, email: "x2@example.com" }))
        .status,
    ).toBe(201);
  });

  it("lets one person belong to several organisations", async () => {
    const sam = await m.buildUser({ name: "Sam" });
    await join(sam);
    const other = await post("/api/org/create", owner, { name: "Olive Labs" });
    await join(sam, ((await other.json()) as { id: string }).id);
    const orgs = (await (await m.request("GET", "/api/org/get_user_organizations", { as: sam })).json()) as {
      organizations: { name: string }[];
    };
    expect(orgs.organizations.map((o) => o.name)).toEqual(["Olive Co", "Olive Labs"]);
  });

  it("seals app keys at rest and opens them for the organisation's members only", async () => {
    const res = await m.request(
      "POST",
      `/api/org/update_organization_keys?organization_id=${orgId}&app_name=github&client_id=org-client&client_secret=org-secret-42&redirect_url=${encodeURIComponent("https://mnemo.example/cb")}`,
      { as: owner },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("org-secret-42");
    const [row] = await m.ctx.database.db.select().from(orgAppKey).where(eq(orgAppKey.organizationId, orgId));
    expect(row.sealed).not.toContain("org-secret-42");
    const member = await m.buildUser({ name: "Keyed" });
    await join(member);
    expect(await orgAppKeys(m.ctx.database.db, m.ctx.secrets, member.id, "github")).toEqual({
      clientId: "org-client",
      clientSecret: "org-secret-42",
      redirectUrl: "https://mnemo.example/cb",
    });
    const outsider = await m.buildUser({ name: "Outsider" });
    expect(await orgAppKeys(m.ctx.database.db, m.ctx.secrets, outsider.id, "github")).toBeNull();
    expect(await orgAppKeys(m.ctx.database.db, m.ctx.secrets, member.id, "gitlab")).toBeNull();
    // Connecting GitHub: the member signs in with the organisation's client and callback, an
    // outsider with the operator's.
    const linkOf = async (u: typeof member) =>
      new URL(
        (
          (await (
            await m.request("GET", "/api/t/get_connection_link?app_name=github", { as: u })
          ).json()) as {
            link: string;
          }
        ).link,
      );
    const memberLink = await linkOf(member);
    expect(memberLink.searchParams.get("client_id")).toBe("org-client");
    expect(memberLink.searchParams.get("redirect_uri")).toBe("https://mnemo.example/cb");
    const outsiderLink = await linkOf(outsider);
    expect(outsiderLink.searchParams.get("client_id")).toBe("operator-client");
    expect(outsiderLink.searchParams.get("redirect_uri")).not.toBe("https://mnemo.example/cb");
  });

  it("an app the operator did not set up is available to the members of an organisation that set its keys, Unavailable for others", async () => {
    // Notion has no operator client here; the admin names the app as the catalogue shows it.
    const set = await m.request(
      "POST",
      `/api/org/update_organization_keys?organization_id=${orgId}&app_name=Notion&client_id=olive-notion&client_secret=olive-notion-secret&redirect_url=${encodeURIComponent("https://olive.example/settings?app=notion")}`,
      { as: owner },
    );
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ app_name: "notion" });
    const member = await m.buildUser({ name: "Notion member" });
    await join(member);
    const outsider = await m.buildUser({ name: "Notion outsider" });
    const notionFor = async (u?: TestUser) => {
      const res = await m.request("GET", "/api/user/get_available_applications", { as: u });
      if (res.status !== 200) return res.status;
      const { applications } = (await res.json()) as ApplicationsResponse;
      return applications.find((a) => a.applications_id === "notion")?.unavailable_reason;
    };
    expect(await notionFor(member)).toBeNull();
    expect(await notionFor(owner)).toBeNull();
    expect(await notionFor(outsider)).toMatch(/NOTION_CLIENT_ID/);
    expect(await notionFor(undefined)).toBe(401);
    // The public catalogue (no user) keeps the operator's view.
    const open = (await (await m.request("GET", "/api/findr/applications")).json()) as ApplicationsResponse;
    expect(open.applications.find((a) => a.applications_id === "notion")?.unavailable_reason).toMatch(
      /NOTION_CLIENT_ID/,
    );
    // The member connects through the organisation's client; the outsider is refused with the reason.
    const memberLink = await m.request("GET", "/api/t/get_connection_link?app_name=notion", { as: member });
    expect(memberLink.status).toBe(200);
    const link = new URL(((await memberLink.json()) as { link: string }).link);
    expect(link.searchParams.get("client_id")).toBe("olive-notion");
    expect(link.searchParams.get("redirect_uri")).toBe("https://olive.example/settings?app=notion");
    const refused = await m.request("GET", "/api/t/get_connection_link?app_name=notion", { as: outsider });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/NOTION_CLIENT_ID/);
  });

  it("white-label: ltd_tier_5 only, the icon fetched safely and checked by its bytes", async () => {
    const body = (image_url: string) => ({ organization_id: orgId, image_url, app_name: "Olive Brain" });
    const onTeam = await post(
      "/api/label/update_self_labelled_app_icon",
      owner,
      body(`${site.origin}/icon.png`),
    );
    expect(onTeam.status).toBe(403);
    expect(await onTeam.json()).toMatchObject({ message: orgMessages.whiteLabelPlanOnly });
    await setPlan(m.ctx.database.db, owner, "ltd_tier_5");
    const fake = await post(
      "/api/label/update_self_labelled_app_icon",
      owner,
      body(`${site.origin}/not-an-image.png`),
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ message: orgMessages.iconNotImage });
    const plain = await post(
      "/api/label/update_self_labelled_app_icon",
      owner,
      body(site.origin.replace("https:", "http:") + "/icon.png"),
    );
    expect(await plain.json()).toMatchObject({ message: orgMessages.iconFetchFailed });
    const ok = await post("/api/label/update_self_labelled_app_icon", owner, body(`${site.origin}/icon.png`));
    expect(ok.status).toBe(200);
    const viewer = await m.buildUser({ name: "Viewer" });
    await join(viewer);
    const seen = (await (
      await m.request("GET", "/api/label/get_self_labelled_app_icon", { as: viewer })
    ).json()) as {
      app_name: string;
      image_url: string;
    };
    expect(seen.app_name).toBe("Olive Brain");
    expect(seen.image_url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it("a member of two organisations chooses the active one: label, shared collections and admin default follow, per session", async () => {
    // Olive Co is white-labelled on ltd_tier_5 by the test above; Pine Co has no label.
    await setPlan(m.ctx.database.db, owner, "ltd_tier_5");
    await post("/api/label/update_self_labelled_app_icon", owner, {
      organization_id: orgId,
      image_url: `${site.origin}/icon.png`,
      app_name: "Olive Brain",
    });
    const pineOwner = await m.buildUser({ name: "Pine Owner" });
    const pine = (await (await post("/api/org/create", pineOwner, { name: "Pine Co" })).json()) as {
      id: string;
    };
    const pineNotes = (await (
      await m.request("PUT", "/api/collection", { as: pineOwner, json: { collection_name: "Pine notes" } })
    ).json()) as { collection_id: string };
    const shared = await post("/api/org/share_collection", pineOwner, {
      organization_id: pine.id,
      collection_id: pineNotes.collection_id,
      access_type: "write",
    });
    expect(shared.status).toBe(200);
    const both = await m.buildUser({ name: "Both", password: "correct-horse-battery" });
    await join(both);
    const mailsBefore = smtp.mails.length;
    const pineInv = await post("/api/org/invite_member", pineOwner, {
      organization_id: pine.id,
      email: both.email,
      role: "admin",
    });
    expect(pineInv.status).toBe(201);
    await expect.poll(() => smtp.mails.slice(mailsBefore).some((x) => x.to === both.email)).toBe(true);
    const accepted = await post("/api/org/accept_invitation", both, {
      invitation_id: decodeURIComponent(linkTo(both.email)!),
    });
    expect(accepted.status).toBe(200);

    const active = async (as: TestUser) =>
      (await (await m.request("GET", "/api/org/get_active_organization", { as })).json()) as {
        organization: { id: string; name: string; role: string } | null;
        chosen: boolean;
        shared_collections: { collection_name: string; access_type: string }[];
      };
    const label = async (as: TestUser) =>
      (
        (await (await m.request("GET", "/api/label/get_self_labelled_app_icon", { as })).json()) as {
          app_name: string | null;
        }
      ).app_name;
    const admin = async (as: TestUser) =>
      (await (await m.request("GET", "/api/org/is_user_admin", { as })).json()) as {
        is_admin: boolean;
        organization_id: string;
      };

    // Not chosen yet: the white-labelled organisation is the default.
    expect(await active(both)).toMatchObject({ organization: { name: "Olive Co" }, chosen: false });
    expect(await label(both)).toBe("Olive Brain");

    const chose = await post("/api/org/set_active_organization", both, { organization_id: pine.id });
    expect(chose.status).toBe(200);
    expect(await chose.json()).toMatchObject({ organization: { id: pine.id, role: "admin" }, chosen: true });
    // Kept on the session: later requests follow Pine Co.
    expect(await active(both)).toMatchObject({
      organization: { name: "Pine Co" },
      chosen: true,
      shared_collections: [{ collection_name: "Pine notes", access_type: "write" }],
    });
    expect(await label(both)).toBeNull();
    expect(await admin(both)).toEqual({ is_admin: true, organization_id: pine.id });
    const url = (await (
      await m.request("GET", "/api/user/get_organization_app_url", { as: both })
    ).json()) as {
      organization_name: string;
    };
    expect(url.organization_name).toBe("Pine Co");

    // Back to Olive Co: its brand returns; there the user is a member, not an admin.
    await post("/api/org/set_active_organization", both, { organization_id: orgId });
    expect(await label(both)).toBe("Olive Brain");
    expect(await admin(both)).toEqual({ is_admin: false, organization_id: orgId });

    // Another sign-in session starts from the default; an organisation of others cannot be chosen.
    const signIn = await m.request("POST", "/api/auth/sign-in", {
      json: { email: both.email, password: "correct-horse-battery" },
    });
    const other = { ...both, token: ((await signIn.json()) as { token: string }).token };
    await post("/api/org/set_active_organization", other, { organization_id: pine.id });
    expect((await active(both)).organization?.name).toBe("Olive Co");
    expect((await active(other)).organization?.name).toBe("Pine Co");
    const stranger = await m.buildUser({ name: "Stranger" });
    const refused = await post("/api/org/set_active_organization", stranger, { organization_id: pine.id });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ message: orgMessages.notFound });
    expect((await active(stranger)).organization).toBeNull();

    // Leaving the chosen organisation falls back to the default.
    await post("/api/org/leave", other, { organization_id: pine.id });
    expect(await active(other)).toMatchObject({ organization: { name: "Olive Co" }, chosen: false });
  });

  it("stats are totals; workspace users need a paid team plan", async () => {
    const stats = await m.request("GET", `/api/org/get_organization_stats?organization_id=${orgId}&days=7`, {
      as: owner,
    });
    expect(await stats.json()).toMatchObject({
      members: expect.any(Number),
      memories: expect.any(Number),
      period: { days: 7 },
    });
    const lonely = await m.buildUser({ name: "Free admin" });
    const own = await post("/api/org/create", lonely, { name: "Free Org" });
    const freeOrg = ((await own.json()) as { id: string }).id;
    const refused = await m.request("GET", `/api/org/get_workspace_users?organization_id=${freeOrg}`, {
      as: lonely,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: orgMessages.workspaceUsersTeamOnly });
    const listed = await m.request("GET", `/api/org/get_workspace_users?organization_id=${orgId}`, {
      as: owner,
    });
    expect(listed.status).toBe(200);
  });
});
