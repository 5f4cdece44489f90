import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userProfile } from "../../db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { sseReader } from "../../test/sse.ts";

for (const kind of testDatabases()) {
  describe(`first run: create-user details and onboarding step (spec 3 §4, §7) on ${kind}`, () => {
    let m: TestMnemo;
    beforeAll(async () => {
      m = await createTestMnemo(kind);
    });
    afterAll(async () => {
      await m?.close();
    });

    it("a new account has no details, no onboarding flag and step 0", async () => {
      const ann = await m.buildUser();
      const me = await (await m.request("GET", "/api/user/me", { as: ann })).json();
      expect(me).toMatchObject({ has_details: false, onboarding_step: 0 });
      expect(me.metadata.submitUserDetails).toBeUndefined();
    });

    it("stores the details, refusing incomplete ones with the form's message", async () => {
      const ann = await m.buildUser();
      const details = {
        country: "Ireland",
        company_size: "2-10",
        kind_of_work: "Research",
        referrer: "Friend or colleague",
        role: "Archivist",
      };
      const bad = await m.request("POST", "/api/user/create_user", {
        as: ann,
        json: { ...details, kind_of_work: "" },
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ message: "Choose the kind of work you do." });
      const ok = await m.request("POST", "/api/user/create_user", { as: ann, json: details });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ has_details: true });
      const [row] = await m.ctx.database.db
        .select({
          country: userProfile.country,
          company_size: userProfile.companySize,
          kind_of_work: userProfile.kindOfWork,
          referrer: userProfile.referrer,
          role: userProfile.role,
        })
        .from(userProfile)
        .where(eq(userProfile.userId, ann.id));
      expect(row).toEqual(details);
    });

    it("records the step, and the finished flags reach the user's other tabs live", async () => {
      const ann = await m.buildUser();
      expect(
        (await m.request("PUT", "/api/user/onboarding_step", { as: ann, json: { step: 2 } })).status,
      ).toBe(200);
      expect(await (await m.request("GET", "/api/user/me", { as: ann })).json()).toMatchObject({
        onboarding_step: 2,
      });
      const other = sseReader(await m.request("GET", "/api/events", { as: ann }));
      expect(await other.next()).toMatchObject({ event: "me" });
      await m.request("PATCH", "/api/user/metadata", { as: ann, json: { submitUserDetails: true } });
      expect(await other.next()).toMatchObject({
        event: "me",
        data: { metadata: { submitUserDetails: true } },
      });
      await other.close();
    });

    it("hands the welcome items out once per account, even to two tabs at the same moment", async () => {
      const ann = await m.buildUser();
      const bob = await m.buildUser();
      const claim = async (as: typeof ann) =>
        ((await (await m.request("POST", "/api/user/welcome_items", { as })).json()) as { claimed: boolean })
          .claimed;
      const both = await Promise.all([claim(ann), claim(ann)]);
      expect(both.sort()).toEqual([false, true]);
      expect(await claim(ann)).toBe(false);
      // Another account has its own; the flag is not part of the user's document.
      expect(await claim(bob)).toBe(true);
      const me = await (await m.request("GET", "/api/user/me", { as: ann })).json();
      expect(Object.keys(me.metadata)).not.toContain("welcomeItemsClaimed");
      // Other metadata changes keep the claim.
      await m.request("PATCH", "/api/user/metadata", { as: ann, json: { submitUserDetails: true } });
      expect(await claim(ann)).toBe(false);
    });
  });
}
