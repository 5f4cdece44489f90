import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  collection,
  collectionOrgShare,
  collectionSource,
  invitation,
  member,
  organization,
  orgAppKey,
  orgLabel,
  orgSso,
} from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildSource } from "../../test/factories.ts";
import { callRow } from "../../test/matrix.ts";
import { setPlan } from "../collections/test-factories.ts";
import {
  orgActors,
  orgRouteCases,
  orgScopedCases,
  type OrgActor,
  type OrgCase,
  type OrgFixture,
} from "./authorization-matrix.orgs.cases.ts";

type SignedIn = Exclude<OrgActor, "anonymous">;
const isOrgRoute = (k: string) =>
  /^\w+ \/api\/(org|label)(\/|$)/.test(k) || k === "GET /api/user/get_organization_app_url";

describe.each(testDatabases())("organisation authorization matrix on %s", (kind) => {
  let m: TestMnemo;
  const users = {} as Record<SignedIn, TestUser>;
  const ownMemory = {} as Record<OrgActor, string>;
  let shared: OrgFixture;
  let otherOrgId: string;
  const registered = () =>
    new Set(m.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));

  /** Organisation A with its owner, admin and member, shared collection, label, keys, SSO and an invitation. */
  async function buildFixture(): Promise<OrgFixture> {
    const db = m.ctx.database.db;
    const tag = crypto.randomBytes(5).toString("hex");
    const orgId = crypto.randomUUID();
    const orgName = `Acme ${tag}`;
    const orgSlug = `acme-${tag}`;
    await db.insert(organization).values({ id: orgId, name: orgName, slug: orgSlug, createdAt: new Date() });
    const ids = { owner: crypto.randomUUID(), admin: crypto.randomUUID(), member: crypto.randomUUID() };
    for (const role of ["owner", "admin", "member"] as const)
      await db.insert(member).values({ id: ids[role], organizationId: orgId, userId: users[role].id, role });
    const sharedTitle = `Harbour ${tag}`;
    const sharedMemoryId = await buildSource(m, users.owner, { title: sharedTitle });
    const privateTitle = `Quince ${tag}`;
    const privateMemoryId = await buildSource(m, users.member, {
      title: privateTitle,
      markdown: `# ${privateTitle}\n\nThe member's private note about ${privateTitle}.`,
    });
    const collectionId = crypto.randomUUID();
    await db.insert(collection).values({ id: collectionId, ownerId: users.owner.id, name: `Team ${tag}` });
    await db
      .insert(collectionSource)
      .values({ collectionId, sourceId: sharedMemoryId, addedBy: users.owner.id });
    await db.insert(collectionOrgShare).values({ collectionId, organizationId: orgId, role: "read" });
    const invitationId = crypto.randomBytes(24).toString("base64url");
    await db.insert(invitation).values({
      id: invitationId,
      organizationId: orgId,
      email: `someone-${tag}@example.com`,
      role: "member",
      status: "pending",
      expiresAt: new Date(Date.now() + 86_400_000),
      inviterId: users.owner.id,
    });
    const labelName = `Acme Brain ${tag}`;
    const iconKey = `org-labels/${orgId}/fixture`;
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await m.ctx.blobs.put(iconKey, new Uint8Array(png), { maxBytes: 10_000, contentType: "image/png" });
    await db.insert(orgLabel).values({
      organizationId: orgId,
      appName: labelName,
      iconKey,
      iconType: "image/png",
      sourceUrl: "https://example.com/icon.png",
    });
    await db.insert(orgAppKey).values({
      organizationId: orgId,
      app: "github",
      sealed: m.ctx.secrets.seal({
        client_id: "fixture-client-id",
        client_secret: "fixture-secret",
        redirect_url: "https://mnemo.example/cb",
      }),
    });
    const ssoDomain = `${tag}.example.com`;
    await db.insert(orgSso).values({
      organizationId: orgId,
      issuer: "https://idp.example/",
      clientId: "sso-client",
      sealedSecret: m.ctx.secrets.seal({ client_secret: "sso-secret" }),
      domain: ssoDomain,
      verificationToken: tag,
      domainVerified: true,
    });
    return {
      orgId,
      orgName,
      orgSlug,
      memberId: ids.member,
      adminMemberId: ids.admin,
      ownerMemberId: ids.owner,
      collectionId,
      sharedMemoryId,
      sharedTitle,
      privateMemoryId,
      privateTitle,
      ownMemory,
      invitationId,
      labelName,
      ssoDomain,
    };
  }

  /** What a refused call must leave untouched. */
  async function snapshot(f: OrgFixture) {
    const db = m.ctx.database.db;
    const rows = await Promise.all([
      db.select().from(member).where(eq(member.organizationId, f.orgId)).orderBy(member.id),
      db.select().from(invitation).where(eq(invitation.organizationId, f.orgId)).orderBy(invitation.id),
      db.select().from(collectionOrgShare).where(eq(collectionOrgShare.collectionId, f.collectionId)),
      db.select().from(collectionSource).where(eq(collectionSource.collectionId, f.collectionId)),
      db.select().from(orgAppKey).where(eq(orgAppKey.organizationId, f.orgId)),
      db.select().from(orgLabel).where(eq(orgLabel.organizationId, f.orgId)),
      db.select().from(orgSso).where(eq(orgSso.organizationId, f.orgId)),
    ]);
    return JSON.stringify(rows);
  }

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    for (const a of orgActors) {
      if (a === "anonymous") continue;
      users[a] = await m.buildUser({ name: `Org matrix ${a}` });
      await setPlan(m.ctx.database.db, users[a], a === "owner" ? "ltd_tier_5" : "team");
      ownMemory[a] = await buildSource(m, users[a], { title: `Own of ${a}` });
    }
    ownMemory.anonymous = ownMemory.owner;
    otherOrgId = crypto.randomUUID();
    const db = m.ctx.database.db;
    await db
      .insert(organization)
      .values({ id: otherOrgId, name: "Other org", slug: `other-${otherOrgId}`, createdAt: new Date() });
    await db.insert(member).values({
      id: crypto.randomUUID(),
      organizationId: otherOrgId,
      userId: users.otherAdmin.id,
      role: "owner",
    });
    shared = await buildFixture();
  });
  afterAll(async () => {
    await m?.close();
  });

  it("lists every registered organisation and label route in the matrix", () => {
    const routes = [...registered()].filter(isOrgRoute);
    const covered = new Set(orgRouteCases.map((c) => `${c.method} ${c.route}`));
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  const cases = [...orgRouteCases, ...orgScopedCases];
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c: OrgCase) => {
    expect(registered().has(`${c.method} ${c.route}`)).toBe(true);
    const failures: string[] = [];
    for (const actor of orgActors) {
      const as = actor === "anonymous" ? undefined : users[actor];
      const { f, status, text, refusedYetChanged } = await callRow(m, c, actor, as, {
        shared,
        fresh: buildFixture,
        snapshot,
      });
      const expected = c.expect[actor];
      if (status !== expected)
        failures.push(`${actor}: got ${status}, expected ${expected}: ${text.slice(0, 160)}`);
      if (c.shows) {
        const needle = c.shows.text(f);
        const sees = c.shows.sees.includes(actor);
        if (!sees && text.includes(needle)) failures.push(`${actor}: response shows ${needle}`);
        if (sees && status < 300 && !text.includes(needle))
          failures.push(`${actor}: response misses ${needle}`);
      }
      if (await refusedYetChanged())
        failures.push(`${actor}: refused call (${status}) changed the organisation`);
    }
    expect(failures).toEqual([]);
  });
});
