import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userProfile } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { sseReader } from "../../test/sse.ts";
import type { WelcomeItemRef } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { claimWelcomeItems, welcomeLeaseMs } from "./service.ts";

/** Four of the welcome items, one of each way the server recognises them (spec 3 §3 Sample item). */
const welcome: WelcomeItemRef[] = [
  { key: "welcome/welcome-to-mnemo.md", type: "page", title: "Welcome to Mnemo", url: null },
  {
    key: "welcome/method-of-loci.md",
    type: "webpage",
    title: "The method of loci: a palace of memories",
    url: "https://en.wikipedia.org/wiki/Method_of_loci",
  },
  {
    key: "welcome/collections.md",
    type: "page",
    title: "Collections keep related memories together",
    url: null,
  },
  {
    key: "welcome/welcome-save-a-memory.png",
    type: "image",
    title: "welcome-save-a-memory.png",
    url: null,
  },
];

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
      const claim = async (as: typeof ann, mode: "start" | "resume" = "start") =>
        (await (
          await m.request("POST", "/api/user/welcome_items", { as, json: { mode, items: welcome } })
        ).json()) as { add: string[]; retry_after_ms?: number };
      const both = await Promise.all([claim(ann), claim(ann)]);
      const winner = both.find((b) => b.add.length)!;
      const loser = both.find((b) => !b.add.length)!;
      expect(winner.add).toEqual(welcome.map((w) => w.key));
      // The other tab is told to come back when the first one's time is up.
      expect(loser.retry_after_ms).toBeGreaterThan(60_000);
      expect((await claim(ann)).add).toEqual([]);
      // Another account has its own; the state is not part of the user's document.
      expect((await claim(bob)).add).toHaveLength(welcome.length);
      const me = await (await m.request("GET", "/api/user/me", { as: ann })).json();
      expect(Object.keys(me.metadata)).not.toContain("welcomeItemsClaimed");
      expect(me.welcome_items_pending).toBe(true);
      // Other metadata changes keep the claim.
      await m.request("PATCH", "/api/user/metadata", { as: ann, json: { submitUserDetails: true } });
      expect((await claim(ann)).add).toEqual([]);
    });

    it("resumes welcome items a closed tab left unadded, adding none twice, until finished", async () => {
      const ann = await m.buildUser();
      const actor = { id: ann.id } as Actor;
      const db = m.ctx.database.db;
      const input = (mode: "start" | "resume") => ({ mode, items: welcome });
      const t0 = new Date();
      expect((await claimWelcomeItems(db, actor, input("start"), t0)).add).toHaveLength(4);
      // The tab sent two items, then closed: a page and a web page exist, the rest never came.
      await m.request("POST", "/api/pages", {
        as: ann,
        json: { title: "Welcome to Mnemo", markdown: "# Welcome to Mnemo\n\nHello." },
      });
      const sent = await m.request("POST", "/api/upload/web_pages", {
        as: ann,
        json: { web_pages: [{ link: welcome[1].url, title: "Loci", content: "# Loci\n\nA palace." }] },
      });
      expect(sent.status).toBe(200);
      const me = await (await m.request("GET", "/api/user/me", { as: ann })).json();
      expect(me.welcome_items_pending).toBe(true);
      // A load while that tab's time runs waits; one after it adds only the missing two.
      const early = await claimWelcomeItems(db, actor, input("resume"), new Date(t0.getTime() + 30_000));
      expect(early.add).toEqual([]);
      expect(early.retry_after_ms).toBe(welcomeLeaseMs - 30_000);
      const later = new Date(t0.getTime() + welcomeLeaseMs + 1_000);
      const resumed = await claimWelcomeItems(db, actor, input("resume"), later);
      expect(resumed.add).toEqual(["welcome/collections.md", "welcome/welcome-save-a-memory.png"]);
      // Finished: nothing again, on any load, and no longer pending.
      const done = await m.request("POST", "/api/user/welcome_items/finish", { as: ann });
      expect(await done.json()).toEqual({ success: true });
      const far = new Date(t0.getTime() + 10 * welcomeLeaseMs);
      expect(await claimWelcomeItems(db, actor, input("resume"), far)).toEqual({ add: [] });
      expect(await claimWelcomeItems(db, actor, input("start"), far)).toEqual({ add: [] });
      const after = await (await m.request("GET", "/api/user/me", { as: ann })).json();
      expect(after.welcome_items_pending).toBe(false);
    });

    it("does not bring back a welcome item the user deleted before a resume", async () => {
      const cy = await m.buildUser();
      const actor = { id: cy.id } as Actor;
      const db = m.ctx.database.db;
      const input = (mode: "start" | "resume") => ({ mode, items: welcome });
      const t0 = new Date();
      expect((await claimWelcomeItems(db, actor, input("start"), t0)).add).toHaveLength(4);
      // A tab added the welcome page and closed before finishing; the user then deleted the page.
      const page = await m.request("POST", "/api/pages", {
        as: cy,
        json: { title: "Welcome to Mnemo", markdown: "# Welcome to Mnemo\n\nHello." },
      });
      const { id: pageId } = (await page.json()) as { id: string };
      const del = await m.request("DELETE", "/api/sources", { as: cy, json: { source_ids: [pageId] } });
      expect(del.status).toBe(200);
      const later = new Date(t0.getTime() + welcomeLeaseMs + 1_000);
      const resumed = await claimWelcomeItems(db, actor, input("resume"), later);
      expect(resumed.add).toEqual(welcome.slice(1).map((w) => w.key));
      // What was remembered stays out of the user's own document.
      const me = await (await m.request("GET", "/api/user/me", { as: cy })).json();
      expect(Object.keys(me.metadata)).not.toContain("welcomeItemsDeclined");
    });

    it("remembers no deletion for an account whose welcome items are finished", async () => {
      const dee = await m.buildUser();
      const db = m.ctx.database.db;
      const page = await m.request("POST", "/api/pages", {
        as: dee,
        json: { title: "Welcome to Mnemo", markdown: "# Welcome to Mnemo\n\nHello." },
      });
      const { id: pageId } = (await page.json()) as { id: string };
      await m.request("DELETE", "/api/sources", { as: dee, json: { source_ids: [pageId] } });
      const [row] = await db.select().from(userProfile).where(eq(userProfile.userId, dee.id));
      expect(Object.keys((row?.metadata ?? {}) as object)).not.toContain("welcomeItemsDeclined");
    });

    it("resumes nothing for an account that never started them (marked done through the API)", async () => {
      const bob = await m.buildUser();
      await m.request("PATCH", "/api/user/metadata", { as: bob, json: { submitUserDetails: true } });
      const res = await m.request("POST", "/api/user/welcome_items", {
        as: bob,
        json: { mode: "resume", items: welcome },
      });
      expect(await res.json()).toEqual({ add: [] });
      const me = await (await m.request("GET", "/api/user/me", { as: bob })).json();
      expect(me.welcome_items_pending).toBe(false);
      // An account that claimed under the old one-time flag counts as finished.
      await m.ctx.database.db
        .update(userProfile)
        .set({ metadata: { welcomeItemsClaimed: true } })
        .where(eq(userProfile.userId, bob.id));
      const far = new Date(Date.now() + 10 * welcomeLeaseMs);
      expect(
        await claimWelcomeItems(
          m.ctx.database.db,
          { id: bob.id } as Actor,
          { mode: "start", items: welcome },
          far,
        ),
      ).toEqual({ add: [] });
    });
  });
}
