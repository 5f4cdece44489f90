import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { SavedSessionRecord } from "@mnemo/contracts/chat";
import { agentTexts, foldToolSteps, type PlacedToolStep } from "@mnemo/contracts/stream";
import type { Db } from "../../../platform/db/client.ts";
import { chatTurn, source } from "../../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import * as repo from "./repo.ts";
import { addMemory, ask } from "./test-helpers.ts";

const telescope =
  "The reflecting telescope has a mirror of 200 millimetres. Its mirror was ground by hand in 1998 by Ada Lovelace. The mount is equatorial and tracks the stars.";

/** A stopped answer reads as it was shown, and Save as memory is remembered (issue 13 item 8). */
for (const kind of testDatabases()) {
  describe(`turn state kept for reopening on ${kind}`, () => {
    let m: TestMnemo;
    let db: Db;
    let alice: TestUser;
    let bob: TestUser;

    beforeAll(async () => {
      m = await createTestMnemo(kind, { DEFAULT_PLAN: "team" });
      db = m.ctx.database.db;
      [alice, bob] = [await m.buildUser(), await m.buildUser()];
      await addMemory(db, alice, "Telescope notes", telescope);
    });
    afterAll(async () => {
      await m?.close();
    });

    async function history(chatId: string, as = alice): Promise<SavedSessionRecord[]> {
      const res = await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}`, { as });
      return ((await res.json()) as { session_data: SavedSessionRecord[] }).session_data;
    }

    async function askOne() {
      const { lines, item } = await ask(m, alice, { question: "How big is the telescope mirror?" });
      const turnId = lines.find((l) => l.turn_id)?.turn_id;
      expect(turnId).toBeTruthy();
      expect(item.turnId).toBe(turnId);
      return { chatId: item.chatId!, turnId: turnId!, answer: item.response };
    }

    it("stores the answer shown at Stop, only by the chat's owner, only as a beginning of the generated one", async () => {
      const { chatId, turnId, answer } = await askOne();
      expect(answer.length).toBeGreaterThan(12);
      const shown = answer.slice(0, 9);
      const record = (as: TestUser, body: Record<string, unknown>) =>
        m.request("POST", "/api/record_stopped_answer", {
          as,
          json: { chat_id: chatId, turn_id: turnId, thoughts: "", ...body },
        });

      expect((await record(bob, { answer: shown })).status).toBe(404);
      expect((await record(alice, { answer: "Something the server never said" })).status).toBe(400);
      expect((await history(chatId))[0]).toMatchObject({ answer, status: "success" });

      expect((await record(alice, { answer: shown })).status).toBe(200);
      expect((await history(chatId))[0]).toMatchObject({ id: turnId, answer: shown, status: "cancelled" });
    });

    it("a Stop recorded before the server stored its reply is not overwritten by it", async () => {
      const { chatId, turnId, answer } = await askOne();
      // As if the reply were still being generated when the client's call arrived.
      await db.update(chatTurn).set({ status: "streaming", answer: "" }).where(eq(chatTurn.id, turnId));
      const shown = answer.slice(0, 5);
      const res = await m.request("POST", "/api/record_stopped_answer", {
        as: alice,
        json: { chat_id: chatId, turn_id: turnId, answer: shown, thoughts: "" },
      });
      expect(res.status).toBe(200);
      await repo.storeOutcome(db, turnId, { answer, thoughts: "", followUps: [], status: "cancelled" });
      expect((await history(chatId))[0]).toMatchObject({ answer: shown, status: "cancelled" });
      // A recorded text that is not a beginning of the generated one does not stand.
      await db.update(chatTurn).set({ answer: "invented" }).where(eq(chatTurn.id, turnId));
      await repo.storeOutcome(db, turnId, { answer, thoughts: "", followUps: [], status: "cancelled" });
      expect((await history(chatId))[0].answer).toBe(answer);
    });

    it("a stopped agent turn keeps the tool steps that were shown; a turn stored before typed steps has none", async () => {
      const { chatId, turnId, answer } = await askOne();
      // Every turn stored now carries its tool steps (none for the extractive engine).
      expect((await history(chatId))[0].tool_steps).toEqual([]);
      const lines: PlacedToolStep[] = [
        { id: "1", name: "search_memories", query: "mirror", status: "running", at: 0 },
        { id: "1", status: "ok", summary: "Found Telescope notes [1]", at: 0 },
        { id: "2", name: "search_web", query: "mirror", status: "running", at: 0 },
        { id: "2", status: "ok", summary: "Found nothing", at: 0 },
      ];
      const outcome = { answer, thoughts: "", toolSteps: lines, followUps: [], status: "cancelled" };
      await db.update(chatTurn).set({ status: "streaming", answer: "" }).where(eq(chatTurn.id, turnId));
      const shown = answer.slice(0, 5);
      const res = await m.request("POST", "/api/record_stopped_answer", {
        as: alice,
        json: { chat_id: chatId, turn_id: turnId, answer: shown, thoughts: "", tool_step_lines: 3 },
      });
      expect(res.status).toBe(200);
      await repo.storeOutcome(db, turnId, outcome);
      const stopped = (await history(chatId))[0];
      expect(stopped).toMatchObject({ answer: shown, status: "cancelled" });
      // The second search was shown running: its result came after Stop.
      expect(stopped.tool_steps).toEqual(foldToolSteps(lines, 3));
      expect(stopped.tool_steps!.map((t) => t.status)).toEqual(["ok", "running"]);

      // The server's text stands when the recorded one does not begin it: so do all its steps.
      await db.update(chatTurn).set({ answer: "invented" }).where(eq(chatTurn.id, turnId));
      await repo.storeOutcome(db, turnId, outcome);
      expect((await history(chatId))[0].tool_steps!.map((t) => t.status)).toEqual(["ok", "ok"]);

      // A turn stored before typed steps: its steps are marked lines of its thoughts, read by the web.
      const marked = `${agentTexts.toolCallMark} Search memories: “mirror”\n${agentTexts.resultMark} Found Telescope notes [1]\n`;
      await db
        .update(chatTurn)
        .set({ thoughts: marked, metadata: sql`${chatTurn.metadata} - 'tool_steps'` })
        .where(eq(chatTurn.id, turnId));
      const old = (await history(chatId))[0];
      expect(old.thoughts).toBe(marked);
      expect(old.tool_steps ?? null).toBeNull();
    });

    it("remembers the memory an answer was saved as, until that memory is deleted", async () => {
      const { chatId, turnId } = await askOne();
      expect((await history(chatId))[0].saved_source_id ?? null).toBeNull();
      const saved = await addMemory(db, alice, "How big is the telescope mirror?", "Saved answer.");
      const bobs = await addMemory(db, bob, "Bob's note", "Bob's words.");
      const mark = (as: TestUser, sourceId: string) =>
        m.request("POST", "/api/record_saved_answer", {
          as,
          json: { chat_id: chatId, turn_id: turnId, source_id: sourceId },
        });

      expect((await mark(bob, bobs)).status).toBe(404);
      expect((await mark(alice, bobs)).status).toBe(404);
      expect((await history(chatId))[0].saved_source_id ?? null).toBeNull();

      expect((await mark(alice, saved)).status).toBe(200);
      expect((await history(chatId))[0].saved_source_id).toBe(saved);
      // A public reader sees the answer, not the owner's marks on it.
      const made = await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: alice });
      const { token } = (await made.json()) as { token: string };
      const pub = await m.request(
        "GET",
        `/api/public_chat/get_public_chat_history?token=${encodeURIComponent(token)}&chat_id=${chatId}`,
      );
      const read = ((await pub.json()) as { chat_history: SavedSessionRecord[] }).chat_history[0];
      expect(read.saved_source_id ?? null).toBeNull();

      await db.delete(source).where(eq(source.id, saved));
      expect((await history(chatId))[0].saved_source_id ?? null).toBeNull();
    });
  });
}
