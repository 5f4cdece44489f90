import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SavedSessionRecord } from "@mnemo/contracts/chat";
import type { Db } from "../../../platform/db/client.ts";
import { source } from "../../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { addMemory, ask } from "./test-helpers.ts";
import { citedMemories, withoutEchoDuplicates } from "./echo.ts";

const sourdough =
  "Sourdough is leavened by wild yeast and lactic acid bacteria. A cool dough at 18 to 20 degrees makes sourdough more sour, because acetic acid builds up during the long, slow proof. A warm dough at 26 degrees makes it mild and quick.";
const question = "What temperature makes sourdough more sour?";
const keySentence = "A cool dough at 18 to 20 degrees makes sourdough more sour";

/** How often `needle` occurs in `hay`. */
const count = (hay: string, needle: string) => hay.split(needle).length - 1;

describe("echo memories (pure)", () => {
  it("an answer cites the memories behind its markers; all memory sources when it has none", () => {
    const sources = [
      { id: "a", type: "page", citation: 1 },
      { id: "b", type: "page", citation: 2 },
      { id: "https://w", type: "web_search", citation: 3 },
    ];
    const map = { "1": "a", "2": "b", "3": "https://w" };
    expect(citedMemories("X [2]. Y [3]. Z [2].", map, sources)).toEqual(["b"]);
    expect(citedMemories("No markers.", map, sources)).toEqual(["a", "b"]);
  });

  it("drops an echo's passages beside its origin; an echo alone loses its old markers", () => {
    const hits = [
      { sourceId: "echo", text: "Cool dough is sour [[1]](/?preview=orig). Rye [2]." },
      { sourceId: "orig", text: "Cool dough is sour." },
    ];
    const origins = (id: string) => (id === "echo" ? ["orig"] : []);
    expect(withoutEchoDuplicates(hits, origins)).toEqual([hits[1]]);
    expect(withoutEchoDuplicates([hits[0]], origins)).toEqual([
      { sourceId: "echo", text: "Cool dough is sour. Rye." },
    ]);
  });
});

/** Issue 41: "Save as memory" makes an echo memory that never repeats its original in a later answer. */
for (const kind of testDatabases()) {
  describe(`saved answers (echo memories) on ${kind}`, () => {
    let m: TestMnemo;
    let db: Db;
    let alice: TestUser;
    let original: string;

    beforeAll(async () => {
      m = await createTestMnemo(kind, { DEFAULT_PLAN: "team" });
      db = m.ctx.database.db;
      alice = await m.buildUser();
      original = await addMemory(db, alice, "Sourdough notes", sourdough);
    });
    afterAll(async () => {
      await m?.close();
    });

    async function history(chatId: string): Promise<SavedSessionRecord[]> {
      const res = await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}`, { as: alice });
      return ((await res.json()) as { session_data: SavedSessionRecord[] }).session_data;
    }

    it("a saved answer is an echo of the memories it cites and is never read beside them", async () => {
      const first = await ask(m, alice, { question });
      expect(first.item.response).toContain(keySentence);
      expect(first.item.response).toMatch(/\[1\]/);
      const turnId = first.lines.find((l) => l.turn_id)?.turn_id;
      const chatId = first.item.chatId!;

      // Saved as the web app saves it: the question, the answer with linked citations, its sources.
      const linked = first.item.response.replace(/\[1\]/g, `[[1]](/?preview=${original})`);
      const markdown = `## ${question}\n\n${linked}\n\n### Sources\n\n1. [Sourdough notes](/?preview=${original})\n`;
      const echo = await addMemory(db, alice, question, markdown);
      const saved = await m.request("POST", "/api/record_saved_answer", {
        as: alice,
        json: { chat_id: chatId, turn_id: turnId, source_id: echo },
      });
      expect(saved.status).toBe(200);

      // The memory knows what it echoes; the turn says it became an echo memory.
      const [row] = await db.select({ meta: source.meta }).from(source).where(eq(source.id, echo));
      expect(row.meta.echo_of).toEqual({ chat_id: chatId, turn_id: turnId, sources: [original] });
      expect((await history(chatId))[0]).toMatchObject({ saved_source_id: echo, added_echo_memory: true });

      // Asked again: the original is cited once, its copy not at all.
      const again = await ask(m, alice, { question });
      expect(again.status).toBe(200);
      expect(count(again.item.response, keySentence)).toBe(1);
      expect(again.item.sources.results.map((r) => r.id)).toEqual([original]);
      expect(again.item.response).not.toMatch(/\[\d+\]\s*\[\d+\]/);

      // Over the saved answer alone it is cited by its own number, without the old markers.
      const alone = await ask(m, alice, { question, source_id: echo });
      expect(count(alone.item.response, keySentence)).toBe(1);
      expect(alone.item.response).not.toMatch(/\[\d+\]\s*\[\d+\]/);
      expect(alone.item.sources.results.map((r) => r.id)).toEqual([echo]);
    });
  });
}
