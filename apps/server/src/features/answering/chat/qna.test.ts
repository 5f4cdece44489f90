import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerTexts } from "@mnemo/contracts/stream";
import { EXTRACTIVE_MODEL_ID } from "@mnemo/contracts/llm";
import type { Db } from "../../../platform/db/client.ts";
import { eq } from "drizzle-orm";
import { chat, collection, collectionMember, collectionSource } from "../../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { addMemory, ask } from "./test-helpers.ts";

const telescope =
  "The reflecting telescope has a mirror of 200 millimetres. Its mirror was ground by hand in 1998 by Ada Lovelace. The mount is equatorial and tracks the stars.";
const garden = "The garden has tomatoes and basil. Tomatoes need six hours of sun each day.";

for (const kind of testDatabases()) {
  describe(`POST /api/qna on ${kind}`, () => {
    let m: TestMnemo;
    let db: Db;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      // Team: unlimited questions and free model choice; plan limits are tested in modules/plans.
      m = await createTestMnemo(kind, { DEFAULT_PLAN: "team" });
      db = m.ctx.database.db;
      [alice, bob, carol] = [await m.buildUser(), await m.buildUser(), await m.buildUser()];
      ids.telescope = await addMemory(db, alice, "Telescope notes", telescope);
      ids.garden = await addMemory(db, alice, "Garden", garden);
      ids.bobTelescope = await addMemory(
        db,
        bob,
        "Bob's secret telescope",
        "Bob's telescope mirror is 300 millimetres and was ground in 2004 by Bob.",
      );
      await db.insert(collection).values({
        id: `col-${kind}`,
        ownerId: bob.id,
        name: "Astro",
        customInstructions: "Answer like an astronomer.",
      });
      await db
        .insert(collectionSource)
        .values({ collectionId: `col-${kind}`, sourceId: ids.bobTelescope, addedBy: bob.id });
      await db
        .insert(collectionMember)
        .values({ collectionId: `col-${kind}`, email: carol.email, role: "read", userId: carol.id });
    });
    afterAll(async () => {
      await m?.close();
    });

    it("streams sources first, then thoughts and a cited answer, follow-ups, and end_of_data", async () => {
      const res = await m.request("POST", "/api/qna", {
        as: alice,
        json: { question: "How big is the telescope mirror?" },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/x-ndjson");
      // Not no-store: Chromium lists a no-store stream read to its end as a cancelled request
      // (issue 13 item 12); shared caches stay out, nothing is served unchecked.
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      // Every other API answer keeps no-store.
      expect((await m.request("GET", "/api/health")).headers.get("cache-control")).toBe("no-store");
      const { lines, item } = await ask(m, alice, { question: "How big is the telescope mirror?" });
      expect(Object.keys(lines[0])).toEqual(
        expect.arrayContaining([
          "sources",
          "most_relevant_results",
          "other_results",
          "source_id_map",
          "original_llm",
          "original_search_tools",
          "chat_id",
        ]),
      );
      const keysInOrder = lines.map((l) =>
        Object.keys(l).find((k) =>
          ["sources", "chunk", "follow_up_questions", "final_results_search_types", "end_of_data"].includes(
            k,
          ),
        ),
      );
      const firstChunk = keysInOrder.indexOf("chunk");
      expect(firstChunk).toBeGreaterThan(0);
      expect(keysInOrder.indexOf("follow_up_questions")).toBeGreaterThan(keysInOrder.lastIndexOf("chunk"));
      expect(keysInOrder.at(-1)).toBe("end_of_data");
      expect(lines[firstChunk].chunk?.startsWith("<think>")).toBe(true);
      expect(item.status).toBe("success");
      expect(item.chainOfThoughts).toMatch(/Understanding/);
      expect(item.response).toContain("200 millimetres");
      expect(item.response).toMatch(/\[1\]/);
      expect(item.response).not.toContain("<think>");
      expect(item.sourceIdMap["1"]).toBe(ids.telescope);
      expect(item.sources.results[0]).toMatchObject({
        id: ids.telescope,
        title: "Telescope notes",
        citation: 1,
      });
      expect(item.relatedQuestions.length).toBeGreaterThanOrEqual(2);
      expect(item.relatedQuestions.length).toBeLessThanOrEqual(4);
      expect(item.llm).toBe(EXTRACTIVE_MODEL_ID);
    });

    it("never shows another user's memory, and refuses another user's memory as scope", async () => {
      const { item } = await ask(m, alice, { question: "Who ground the telescope mirror in 2004?" });
      expect(item.sources.results.map((r) => r.id)).not.toContain(ids.bobTelescope);
      expect(item.response).not.toContain("Bob");
      const scoped = await ask(m, alice, { question: "telescope mirror", source_id: ids.bobTelescope });
      expect(scoped.status).toBe(404);
      expect(scoped.text).toBe("Memory not found.");
      const viaContext = await ask(m, alice, {
        question: "telescope mirror",
        context_list: [{ id: ids.bobTelescope, type: "source" }],
      });
      expect(viaContext.item.sources.results).toEqual([]);
      const col = await ask(m, alice, { question: "telescope mirror", collection_id: `col-${kind}` });
      expect(col.status).toBe(404);
    });

    it("answers a collection member from the shared collection", async () => {
      const { item } = await ask(m, carol, {
        question: "How big is Bob's telescope mirror?",
        collection_id: `col-${kind}`,
      });
      expect(item.sources.results.map((r) => r.id)).toEqual([ids.bobTelescope]);
      expect(item.response).toContain("300 millimetres");
    });

    it("a question over everything searches the collections shared with the asker too", async () => {
      const { item } = await ask(m, carol, { question: "How big is Bob's telescope mirror?" });
      expect(item.sources.results.map((r) => r.id)).toEqual([ids.bobTelescope]);
      expect(item.response).toContain("300 millimetres");
      // Never a non-member.
      const outsider = await ask(m, alice, { question: "Who ground the mirror in 2004?" });
      expect(outsider.item.sources.results.map((r) => r.id)).not.toContain(ids.bobTelescope);
    });

    it("a member revoked from a shared collection finds none of it over everything (issue 13 item 9)", async () => {
      const dave = await m.buildUser();
      await db
        .insert(collectionMember)
        .values({ collectionId: `col-${kind}`, email: dave.email, role: "read", userId: dave.id });
      const before = await ask(m, dave, { question: "How big is Bob's telescope mirror?" });
      expect(before.item.sources.results.map((r) => r.id)).toEqual([ids.bobTelescope]);
      const revoked = await m.request("DELETE", `/api/collection/col-${kind}/revoke_access`, {
        as: bob,
        json: { recipient_email_id: dave.email },
      });
      expect(revoked.status).toBe(200);
      const after = await ask(m, dave, { question: "How big is Bob's telescope mirror?" });
      expect(after.item.sources.results.map((r) => r.id)).not.toContain(ids.bobTelescope);
      expect(after.item.response).not.toContain("300 millimetres");
    });

    it("says plainly when nothing relevant is found", async () => {
      const { item } = await ask(m, alice, { question: "What is the capital of Mongolia?" });
      expect(item.response).toContain(answerTexts.noRelevantContext);
      expect(item.status).toBe("success");
    });

    it("answers a failure before streaming with a non-200 text body", async () => {
      const empty = await m.request("POST", "/api/qna", { as: alice, json: { question: "   " } });
      expect(empty.status).toBe(400);
      const unknown = await ask(m, alice, {
        question: "telescope",
        selected_generation_model: "no-such-model",
      });
      expect(unknown.status).toBe(400);
      expect(unknown.text).toBe("This model is not available.");
      expect((await m.request("POST", "/api/qna", { json: { question: "x" } })).status).toBe(401);
    });

    it("creative mode without a generative model says so, with no sources", async () => {
      const { item } = await ask(m, alice, {
        question: "Write a poem about telescopes",
        search_type: ["creative"],
      });
      expect(item.sources.results).toEqual([]);
      expect(item.response).toBe(answerTexts.noGenerativeModel);
      expect(item.searchType).toEqual(["creative"]);
    });

    it("stores turns as saved session records and keeps per-source chats apart", async () => {
      const created = await m.request("POST", "/api/create_chat", {
        as: alice,
        json: {
          user_query: "Telescope",
          sources: [ids.telescope],
          collections: [],
          sourceTitles: ["Telescope notes"],
          collectionTitles: [],
        },
      });
      const { chat_id } = (await created.json()) as { chat_id: string };
      const first = await ask(m, alice, { question: "When was the mirror ground?", chat_id });
      expect(first.item.response).toContain("1998");
      expect(first.item.sources.results.map((r) => r.id)).toEqual([ids.telescope]);

      const hist = await m.request(
        "POST",
        `/api/fetch_user_chat_history?chat_id=${chat_id}&is_public=false`,
        { as: alice },
      );
      const { session_data } = (await hist.json()) as {
        session_data: {
          user_query: string;
          answer: string;
          status: string;
          follow_up_questions: string[];
          metadata: { source_id_map: Record<string, string> };
        }[];
      };
      expect(session_data).toHaveLength(1);
      expect(session_data[0]).toMatchObject({ user_query: "When was the mirror ground?", status: "success" });
      expect(session_data[0].answer).toContain("1998");
      expect(session_data[0].metadata.source_id_map["1"]).toBe(ids.telescope);
      expect(
        (await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chat_id}`, { as: bob })).status,
      ).toBe(404);
      expect((await ask(m, bob, { question: "mirror", chat_id })).status).toBe(404);

      // Per-source chat: its own history, separate from the chat above.
      const a = await ask(m, alice, {
        question: "What grows in the garden?",
        source_id: ids.garden,
        is_qna_source_preview_chat: true,
      });
      const b = await ask(m, alice, {
        question: "How much sun do tomatoes need?",
        source_id: ids.garden,
        is_qna_source_preview_chat: true,
      });
      expect(a.item.chatId).toBe(b.item.chatId);
      expect(a.item.chatId).not.toBe(chat_id);
      const srcHist = (await (
        await m.request("POST", `/api/fetch_user_chat_history?chat_id=${a.item.chatId}`, { as: alice })
      ).json()) as { session_data: unknown[] };
      expect(srcHist.session_data).toHaveLength(2);

      const chats = (await (await m.request("POST", "/api/fetch_chats", { as: alice, json: {} })).json()) as {
        chats: { chat_id: string }[];
      };
      expect(chats.chats.map((c) => c.chat_id)).toEqual(expect.arrayContaining([chat_id, a.item.chatId]));
      expect(
        (
          (await (await m.request("POST", "/api/fetch_chats", { as: bob, json: {} })).json()) as {
            chats: unknown[];
          }
        ).chats,
      ).toEqual([]);

      const upd = await m.request("POST", "/api/update_context", {
        as: alice,
        json: { chat_id, sources: [ids.garden], collections: [] },
      });
      expect(upd.status).toBe(200);
      const afterUpd = await ask(m, alice, { question: "How much sun do tomatoes need?", chat_id });
      expect(afterUpd.item.sources.results.map((r) => r.id)).toEqual([ids.garden]);
      expect(
        (
          await m.request("POST", "/api/update_context", {
            as: bob,
            json: { chat_id, sources: [], collections: [] },
          })
        ).status,
      ).toBe(404);

      const reset = await m.request(
        "DELETE",
        `/api/delete_conversation_history?conversation_id=${a.item.chatId}`,
        { as: alice },
      );
      expect(reset.status).toBe(200);
      const emptied = (await (
        await m.request("POST", `/api/fetch_user_chat_history?chat_id=${a.item.chatId}`, { as: alice })
      ).json()) as { session_data: unknown[] };
      expect(emptied.session_data).toEqual([]);

      expect((await m.request("DELETE", `/api/delete_chat?chat_id=${chat_id}`, { as: bob })).status).toBe(
        404,
      );
      expect((await m.request("DELETE", `/api/delete_chat?chat_id=${chat_id}`, { as: alice })).status).toBe(
        200,
      );
      expect(
        (await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chat_id}`, { as: alice })).status,
      ).toBe(404);
    });

    it("regenerating replaces the retried answer instead of adding a second turn", async () => {
      const first = await ask(m, alice, { question: "When was the mirror ground?" });
      const chat_id = first.item.chatId;
      await ask(m, alice, { question: "When was the mirror ground?", chat_id, is_retry_llm: true });
      const hist = (await (
        await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chat_id}`, { as: alice })
      ).json()) as { session_data: { user_query: string }[] };
      expect(hist.session_data.map((t) => t.user_query)).toEqual(["When was the mirror ground?"]);
      // A retry of an older question (not the last one) never deletes anything.
      await ask(m, alice, { question: "What grows in the garden?", chat_id });
      await ask(m, alice, { question: "When was the mirror ground?", chat_id, is_retry_llm: true });
      const after = (await (
        await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chat_id}`, { as: alice })
      ).json()) as { session_data: { user_query: string }[] };
      expect(after.session_data.map((t) => t.user_query)).toEqual([
        "When was the mirror ground?",
        "What grows in the garden?",
        "When was the mirror ground?",
      ]);
    });

    it("lets other users read a chat's history only while it is public", async () => {
      const { item } = await ask(m, alice, { question: "How big is the telescope mirror?" });
      const chatId = item.chatId!;
      const token = "tok-" + kind;
      const read = (isPublic: boolean, withToken = token) =>
        m.request(
          "POST",
          `/api/fetch_user_chat_history?chat_id=${chatId}&is_public=${isPublic}&token=${withToken}`,
          { as: bob },
        );
      expect((await read(true)).status).toBe(404);
      await db.update(chat).set({ publicToken: token }).where(eq(chat.id, chatId));
      expect((await read(false)).status).toBe(404);
      const shared = (await (await read(true)).json()) as { session_data: { user_query: string }[] };
      expect(shared.session_data.map((t) => t.user_query)).toEqual(["How big is the telescope mirror?"]);
      // The chat id alone (or a wrong token) never reads it.
      expect((await read(true, "wrong")).status).toBe(404);
      await db.update(chat).set({ revokedAt: new Date() }).where(eq(chat.id, chatId));
      expect((await read(true)).status).toBe(404);
    });

    it("keeps the user's generation instructions", async () => {
      expect(
        await (await m.request("GET", "/api/user_generation_instructions", { as: alice })).json(),
      ).toEqual({ generation_instructions: "" });
      await m.request("POST", "/api/user_generation_instructions", {
        as: alice,
        json: { generation_instructions: "Answer in French." },
      });
      expect(
        await (await m.request("GET", "/api/user_generation_instructions", { as: alice })).json(),
      ).toEqual({ generation_instructions: "Answer in French." });
      expect(await (await m.request("GET", "/api/user_generation_instructions", { as: bob })).json()).toEqual(
        { generation_instructions: "" },
      );
    });

    it("lists the extractive engine as the only active model and agents as inactive with a reason", async () => {
      const { llms } = (await (await m.request("GET", "/api/llms", { as: alice })).json()) as {
        llms: { id: string; is_active: boolean; free_default: boolean }[];
      };
      expect(llms).toEqual([
        expect.objectContaining({
          id: EXTRACTIVE_MODEL_ID,
          is_active: true,
          free_default: true,
          paid_default: true,
          type: "llm",
        }),
      ]);
      const { agents } = (await (await m.request("GET", "/api/agents", { as: alice })).json()) as {
        agents: { id: string; is_active: boolean; reason?: string }[];
      };
      expect(agents.map((a) => a.id)).toEqual([
        "findr_agent",
        "research_agent",
        "social_media_agent",
        "code_agent",
        "marketing_agent",
      ]);
      expect(agents.every((a) => !a.is_active && a.reason)).toBe(true);
    });
  });
}
