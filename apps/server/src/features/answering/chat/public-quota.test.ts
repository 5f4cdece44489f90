import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "@mnemo/contracts/messages";
import { limitFor } from "@mnemo/contracts";
import { userProfile } from "../../../platform/db/schema/index.ts";
import { windowRules } from "../../../platform/rate-limits/rules.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { readNdjson } from "../../../test/ndjson.ts";
import { eq } from "drizzle-orm";
import { addMemory, ask } from "./test-helpers.ts";

/**
 * Issue 46: a public chat's follow-ups are the owner's questions (they answer over the owner's
 * memories), so they count against the owner's daily quota, and one link is metered across
 * every address. The accounts here are on the Free plan (the site owner already exists).
 */
for (const kind of testDatabases()) {
  describe(`public chat follow-ups metered against the owner on ${kind}`, () => {
    let m: TestMnemo;
    beforeAll(async () => {
      m = await createTestMnemo(kind);
    });
    afterAll(async () => {
      await m?.close();
    });

    async function sharedChat(owner: TestUser): Promise<{ chatId: string; token: string }> {
      await addMemory(
        m.ctx.database.db,
        owner,
        "Telescope notes",
        "The telescope mirror is 200 millimetres wide.",
      );
      const first = await ask(m, owner, { question: "How big is the telescope mirror?" });
      expect(first.status).toBe(200);
      const chatId = first.item.chatId!;
      const made = await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: owner });
      return { chatId, token: ((await made.json()) as { token: string }).token };
    }
    const followUp = (chatId: string, token: string) =>
      m.request("POST", `/api/public_chat/chat?token=${encodeURIComponent(token)}`, {
        json: { question: "How wide is the mirror?", chat_id: chatId },
      });

    it("counts a visitor's follow-ups as the Free owner's questions and stops at the owner's daily limit", async () => {
      const owner = await m.buildUser();
      const { chatId, token } = await sharedChat(owner); // the owner's own question: 1 used
      const limit = limitFor("free", "qnaCount")!;
      for (let i = 1; i < limit; i++) {
        const res = await followUp(chatId, token);
        expect(res.status).toBe(200);
        expect((await readNdjson(res)).at(-1)?.end_of_data).toBe(true);
      }
      const refused = await followUp(chatId, token);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(chatMessages.publicChatDailyLimit);
      // The visitor spent the owner's questions: the owner's next one is refused as well.
      const own = await ask(m, owner, { question: "And the mount?" });
      expect(own.status).toBe(403);
      expect(own.text).toContain(chatMessages.copilotDailyLimit({ n: limit }));
    });

    it("limits one link's follow-ups from all addresses, even when the owner's plan is unlimited", async () => {
      const owner = await m.buildUser();
      await m.ctx.database.db
        .update(userProfile)
        .set({ plan: "team" })
        .where(eq(userProfile.userId, owner.id));
      const { chatId, token } = await sharedChat(owner);
      const rule = windowRules.publicChatPerLink;
      for (let i = 0; i < rule.max; i++) {
        const res = await followUp(chatId, token);
        expect(res.status).toBe(200);
        await res.text();
      }
      const refused = await followUp(chatId, token);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts/);
      // Another of the owner's links is its own count.
      const other = await sharedChat(owner);
      expect((await followUp(other.chatId, other.token)).status).toBe(200);
    });
  });
}
