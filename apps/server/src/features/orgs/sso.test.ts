import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orgMessages } from "@mnemo/contracts";
import { member, organization, ssoLogin, userProfile } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startOidcPeer, type OidcPeer } from "../../test/oidc-peer.ts";
import { setPlan } from "../collections/test-factories.ts";
import { verifyDomain, type SsoDeps } from "./sso.ts";

/** A tiny cookie jar for the browser's side of the provider's pages. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
}

describe.each(testDatabases())("single sign-on through a real OpenID Provider on %s", (kind) => {
  let m: TestMnemo;
  let idp: OidcPeer;
  let owner: TestUser;
  /** The organisation the operator chose, by id, in SSO_TRUSTED_DOMAINS (made before the server starts). */
  const orgId = crypto.randomUUID();

  /** Makes `who` a member of the organisation (as an accepted invitation does). */
  const join = (who: TestUser, organizationId = orgId, role = "member") =>
    m.ctx.database.db
      .insert(member)
      .values({ id: crypto.randomUUID(), organizationId, userId: who.id, role });

  /** Sets single sign-on of an organisation through the admin API and returns the settings. */
  async function setSso(as: TestUser, organizationId: string, domain: string) {
    const res = await m.request("POST", "/api/org/sso", {
      as,
      json: {
        organization_id: organizationId,
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        domain,
      },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      domain_verified: boolean;
      redirect_uri: string;
      verification_record: string;
    };
  }

  /** The code the callback hands the web app, or its error kind. */
  const callbackResult = (callback: Response) =>
    new URL(callback.headers.get("location")!, "http://x").searchParams;

  /** Runs the browser's part: Mnemo → provider login page → typed e-mail → back to Mnemo's callback. */
  async function signInThroughProvider(email: string): Promise<Response> {
    const go = browser();
    const start = await m.request("GET", `/api/sso/start?email=${encodeURIComponent(email)}`);
    expect(start.status).toBe(302);
    let res = await go(start.headers.get("location")!);
    let location = new URL(res.headers.get("location")!, idp.issuer).toString();
    res = await go(location); // the login page
    expect(await res.text()).toContain("Sign in to the test identity provider");
    const uid = new URL(location).pathname.split("/").pop();
    res = await go(`${idp.issuer}/interaction/${uid}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }).toString(),
    });
    // Back through the provider's resume endpoint until it redirects to Mnemo.
    for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400; hops++) {
      location = new URL(res.headers.get("location")!, idp.issuer).toString();
      if (location.includes("/api/sso/callback")) break;
      res = await go(location);
    }
    const callback = new URL(location);
    return m.request("GET", `${callback.pathname}${callback.search}`);
  }

  beforeAll(async () => {
    // The provider must know Mnemo's callback before Mnemo knows the provider: fix the public URL.
    const publicUrl = "http://mnemo.test";
    idp = await startOidcPeer({ redirectUri: `${publicUrl}/api/sso/callback` });
    m = await createTestMnemo(kind, {
      PUBLIC_URL: publicUrl,
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      // By id: the organisation the operator chose. By slug: reserved (issue 46).
      SSO_TRUSTED_DOMAINS: `umbrella.example=${orgId},acme.example=acme,ops.example=acme-ops`,
    });
    owner = await m.buildUser({ email: "boss@umbrella.example", password: "A long owner passphrase 1" });
    await setPlan(m.ctx.database.db, owner, "team");
    await m.ctx.database.db
      .insert(organization)
      .values({ id: orgId, name: "Umbrella Corp", slug: "umbrella-corp" });
    await join(owner, orgId, "owner");
    const settings = await setSso(owner, orgId, "umbrella.example");
    // The operator vouches for the domain (SSO_TRUSTED_DOMAINS), so no DNS proof is needed.
    expect(settings.domain_verified).toBe(true);
    expect(settings.redirect_uri).toBe(`${publicUrl}/api/sso/callback`);
    expect(JSON.stringify(settings)).not.toContain(idp.clientSecret);
  });
  afterAll(async () => {
    await m?.close();
    await idp?.close();
  });

  it("signs a new person in through the provider and makes them a member just in time", async () => {
    idp.accounts.set("jill@umbrella.example", { email: "jill@umbrella.example", name: "Jill Valentine" });
    const callback = await signInThroughProvider("jill@umbrella.example");
    expect(callback.status).toBe(302);
    const code = new URL(callback.headers.get("location")!, "http://x").searchParams.get("code")!;
    expect(code).toBeTruthy();
    const exchanged = await m.request("POST", "/api/sso/exchange", { json: { code } });
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    const jill = { id: "", email: "jill@umbrella.example", name: "Jill Valentine", token };
    const orgs = await m.request("GET", "/api/org/get_user_organizations", { as: jill });
    expect(await orgs.json()).toMatchObject({
      organizations: [{ id: orgId, name: "Umbrella Corp", role: "member" }],
    });
    // The code works once.
    expect((await m.request("POST", "/api/sso/exchange", { json: { code } })).status).toBe(401);
    // The admin's member list shows the new member.
    const members = (await (
      await m.request("GET", `/api/org/get_org_members?organization_id=${orgId}`, { as: owner })
    ).json()) as {
      members: { email: string; role: string }[];
    };
    expect(members.members.map((x) => [x.email, x.role])).toEqual([
      ["boss@umbrella.example", "owner"],
      ["jill@umbrella.example", "member"],
    ]);
  });

  it("refuses a provider answer whose address is outside the organisation's domain", async () => {
    idp.accounts.set("jill@umbrella.example", { email: "wesker@elsewhere.example", name: "Albert" });
    const callback = await signInThroughProvider("jill@umbrella.example");
    expect(callback.headers.get("location")).toBe("/sso?error=1");
    idp.accounts.set("jill@umbrella.example", { email: "jill@umbrella.example", name: "Jill Valentine" });
  });

  it("refuses an address the provider has not verified", async () => {
    idp.accounts.set("carlos@umbrella.example", {
      email: "carlos@umbrella.example",
      name: "Carlos",
      emailVerified: false,
    });
    const callback = await signInThroughProvider("carlos@umbrella.example");
    expect(callback.headers.get("location")).toBe("/sso?error=1");
  });

  it("does not start for a domain without single sign-on", async () => {
    const res = await m.request("GET", "/api/sso/start?email=someone%40nowhere.example");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: orgMessages.ssoNotConfigured });
  });

  it("refuses a forged or replayed state", async () => {
    const res = await m.request("GET", "/api/sso/callback?code=abc&state=forged");
    expect(res.headers.get("location")).toBe("/sso?error=1");
  });

  it("keeps password sign-in for the owner (break-glass) and refuses it for the other members of the domain", async () => {
    const ownerLogin = await m.request("POST", "/api/auth/sign-in", {
      json: { email: "boss@umbrella.example", password: "A long owner passphrase 1" },
    });
    expect(ownerLogin.status).toBe(200);
    await join(await m.buildUser({ email: "barry@umbrella.example", password: "Barry's long passphrase 2" }));
    const memberLogin = await m.request("POST", "/api/auth/sign-in", {
      json: { email: "barry@umbrella.example", password: "Barry's long passphrase 2" },
    });
    expect(memberLogin.status).toBe(403);
    expect(await memberLogin.json()).toMatchObject({ message: orgMessages.ssoRequired });
  });

  it("never signs into an existing account that is not a member; it keeps its password and joins by invitation", async () => {
    const chris = await m.buildUser({
      email: "chris@umbrella.example",
      password: "Chris's long passphrase 3",
    });
    idp.accounts.set(chris.email, { email: chris.email, name: "Someone at the provider" });
    const refused = await signInThroughProvider(chris.email);
    expect(refused.status).toBe(302);
    expect(callbackResult(refused).get("code")).toBeNull();
    expect(callbackResult(refused).get("error")).toBe("existing_account");
    // Not made a member on the spot, and the password still opens the account.
    const orgs = await m.request("GET", "/api/org/get_user_organizations", { as: chris });
    expect(await orgs.json()).toMatchObject({ organizations: [] });
    const password = await m.request("POST", "/api/auth/sign-in", {
      json: { email: chris.email, password: "Chris's long passphrase 3" },
    });
    expect(password.status).toBe(200);
    // Once a member (an accepted invitation), single sign-on opens that same account.
    await join(chris);
    const callback = await signInThroughProvider(chris.email);
    const code = callbackResult(callback).get("code")!;
    expect(code).toBeTruthy();
    const exchanged = await m.request("POST", "/api/sso/exchange", { json: { code } });
    expect(exchanged.status).toBe(200);
    const me = await m.request("GET", "/api/org/get_user_organizations", {
      as: { ...chris, token: ((await exchanged.json()) as { token: string }).token },
    });
    expect(await me.json()).toMatchObject({ organizations: [{ id: orgId, role: "member" }] });
  });

  it("reserves a slug named in SSO_TRUSTED_DOMAINS: a user cannot create an organisation with it", async () => {
    const eve = await m.buildUser({ email: "eve@attacker.example" });
    await setPlan(m.ctx.database.db, eve, "team");
    const res = await m.request("POST", "/api/org/create", { as: eve, json: { name: "Acme" } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: orgMessages.slugReserved });
  });

  it("gives no trust to an organisation that holds a trusted slug without a site administrator as owner", async () => {
    // Taken before the operator named it (or written straight into the database).
    const eve = await m.buildUser({ email: "eve2@attacker.example" });
    await setPlan(m.ctx.database.db, eve, "team");
    const squatted = crypto.randomUUID();
    await m.ctx.database.db.insert(organization).values({ id: squatted, name: "Acme", slug: "acme" });
    await join(eve, squatted, "owner");
    const settings = await setSso(eve, squatted, "acme.example");
    expect(settings.domain_verified).toBe(false);
    // So nobody of the domain can be signed in through Eve's provider.
    const start = await m.request("GET", "/api/sso/start?email=anyone%40acme.example");
    expect(start.status).toBe(404);
  });

  it("binds a trusted slug to the organisation a site administrator created with it", async () => {
    const admin = await m.buildUser({ email: "admin@ops.example" });
    await setPlan(m.ctx.database.db, admin, "team");
    await m.ctx.database.db
      .update(userProfile)
      .set({ isAdmin: true })
      .where(eq(userProfile.userId, admin.id));
    const created = await m.request("POST", "/api/org/create", { as: admin, json: { name: "Acme Ops" } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await setSso(admin, id, "ops.example")).domain_verified).toBe(true);
  });
  it("lets an unproven claim reserve no domain: the real owner may claim it too, and the first to prove it wins", async () => {
    const db = m.ctx.database.db;
    /** Creates an organisation owned by a new team-plan user. */
    async function orgOf(email: string, name: string) {
      const who = await m.buildUser({ email });
      await setPlan(db, who, "team");
      const created = await m.request("POST", "/api/org/create", { as: who, json: { name } });
      expect(created.status).toBe(201);
      return { who, id: ((await created.json()) as { id: string }).id };
    }
    const actor = (u: TestUser) => ({ id: u.id, email: u.email, name: u.name, isDesktopApp: false });
    /** The DNS the test controls: `_mnemo-sso.initech.example` holds `published`. */
    let published = "";
    const deps = {
      db,
      publicUrl: "http://mnemo.test",
      trustedDomains: new Map<string, string>(),
      resolveTxt: async (name: string) => (name === "_mnemo-sso.initech.example" ? [[published]] : []),
    } as unknown as SsoDeps;

    const squatter = await orgOf("eve@squat.example", "Squatters");
    const squat = await setSso(squatter.who, squatter.id, "initech.example");
    expect(squat.domain_verified).toBe(false);
    // The domain's real owner can still claim it (409 'Another organisation uses…' before).
    const real = await orgOf("it@initech.example", "Initech");
    const claim = await setSso(real.who, real.id, "initech.example");
    expect(claim.domain_verified).toBe(false);
    expect((await m.request("GET", "/api/sso/start?email=bill%40initech.example")).status).toBe(404);

    // The real owner publishes its record and proves the domain first.
    published = claim.verification_record;
    expect((await verifyDomain(deps, actor(real.who) as never, real.id)).domain_verified).toBe(true);
    // The squatter can neither prove it afterwards nor claim it again.
    published = squat.verification_record;
    await expect(verifyDomain(deps, actor(squatter.who) as never, squatter.id)).rejects.toMatchObject({
      status: 409,
      message: orgMessages.ssoDomainTaken,
    });
    const again = await m.request("POST", "/api/org/sso", {
      as: squatter.who,
      json: {
        organization_id: squatter.id,
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        domain: "initech.example",
      },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: orgMessages.ssoDomainTaken });
    // Sign-in for the domain goes to the organisation that proved it.
    const start = await m.request("GET", "/api/sso/start?email=bill%40initech.example");
    expect(start.status).toBe(302);
    const pending = await db.select().from(ssoLogin);
    expect(pending.map((p) => p.organizationId)).toContain(real.id);
    expect(pending.map((p) => p.organizationId)).not.toContain(squatter.id);
  });
});
