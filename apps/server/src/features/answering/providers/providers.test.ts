import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatTurn } from "../../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { readNdjsonUntil } from "../../../test/ndjson.ts";
import { waitUntil } from "../../../test/wait.ts";
import { addMemory, ask } from "../chat/test-helpers.ts";

/** A local peer speaking the OpenAI chat-completions streaming protocol (SSE) and SearXNG's JSON API. */
function startPeer() {
  const seen: { model: string; messages: { role: string; content: unknown }[] }[] = [];
  const state = { slowClosedEarly: false, slowSent: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/searx/search") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          query: url.searchParams.get("q"),
          number_of_results: 2,
          results: [
            {
              url: "https://example.org/mirrors",
              title: "Telescope mirrors explained",
              content: "Mirrors are ground from glass blanks.",
              engine: "duckduckgo",
              score: 1,
            },
            { url: "javascript:alert(1)", title: "bad", content: "dropped" },
          ],
        }),
      );
      return;
    }
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: unknown }[] };
      seen.push(body);
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const send = (delta: Record<string, unknown>, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      if (body.model === "slow-model") {
        const timer = setInterval(() => {
          if (state.slowSent >= 200) {
            clearInterval(timer);
            send({}, "stop");
            res.end("data: [DONE]\n\n");
            return;
          }
          send({ content: `word${state.slowSent++} ` });
        }, 20);
        res.on("close", () => {
          clearInterval(timer);
          if (state.slowSent < 200) state.slowClosedEarly = true;
        });
        return;
      }
      send({ role: "assistant", reasoning_content: "Passage 1 " });
      send({ reasoning_content: "has the size." });
      for (const piece of [
        "The mirror ",
        "is 200 mm [1].",
        "\nFOLLOW-UP QUESTIONS:\n",
        "- Who ground it?\n- When was it ground?",
      ])
        send({ content: piece });
      send({}, "stop");
      res.end("data: [DONE]\n\n");
    });
  });
  return new Promise<{ url: string; seen: typeof seen; state: typeof state; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}`,
          seen,
          state,
          close: () => new Promise((r) => server.close(() => r())),
        });
      }),
  );
}

for (const kind of testDatabases()) {
  describe(`generative providers and web search on ${kind}`, () => {
    let peer: Awaited<ReturnType<typeof startPeer>>;
    let m: TestMnemo;
    let alice: TestUser;
    let telescopeId: string;

    beforeAll(async () => {
      peer = await startPeer();
      m = await createTestMnemo(kind, {
        OPENAI_COMPATIBLE_BASE_URL: `${peer.url}/v1`,
        OPENAI_COMPATIBLE_MODELS: "local-llama,slow-model",
        SEARXNG_URL: `${peer.url}/searx`,
        // Team may choose any model; free users get the free default (tested in modules/plans).
        DEFAULT_PLAN: "team",
      });
      alice = await m.buildUser();
      telescopeId = await addMemory(
        m.ctx.database.db,
        alice,
        "Telescope notes",
        "The reflecting telescope mirror is 200 mm wide.",
      );
    });
    afterAll(async () => {
      await m?.close();
      await peer?.close();
    });

    it("lists configured models as active with the first one as default; agents stay inactive without a tool-capable model", async () => {
      const { llms } = (await (await m.request("GET", "/api/llms", { as: alice })).json()) as {
        llms: { id: string; is_active: boolean; provider: string; paid_default: boolean }[];
      };
      expect(llms.map((l) => l.id)).toEqual(["local-llama", "slow-model", "mnemo-extractive"]);
      expect(llms[0]).toMatchObject({ is_active: true, provider: "openai_compatible", paid_default: true });
      const { agents } = (await (await m.request("GET", "/api/agents", { as: alice })).json()) as {
        agents: { is_active: boolean }[];
      };
      expect(agents.every((a) => !a.is_active)).toBe(true);
    });

    it("answers through an OpenAI-compatible server: reasoning inside think markers, cited text, the model's follow-ups", async () => {
      await m.request("POST", "/api/user_generation_instructions", {
        as: alice,
        json: { generation_instructions: "Keep it short." },
      });
      const { item, lines } = await ask(m, alice, {
        question: "How wide is the mirror?",
        selected_generation_model: "local-llama",
      });
      expect(item.chainOfThoughts).toBe("Passage 1 has the size.");
      expect(item.response).toBe("The mirror is 200 mm [1].");
      expect(item.relatedQuestions).toEqual(["Who ground it?", "When was it ground?"]);
      expect(item.sourceIdMap["1"]).toBe(telescopeId);
      expect(lines.some((l) => l.chunk?.startsWith("<think>"))).toBe(true);
      const prompt = JSON.stringify(peer.seen.at(-1)?.messages);
      expect(prompt).toContain("The reflecting telescope mirror is 200 mm wide.");
      expect(prompt).toContain("Keep it short.");
    });

    it("creative mode uses the generative model and sends no sources", async () => {
      const { item } = await ask(m, alice, { question: "Write about mirrors", search_type: ["creative"] });
      expect(item.sources.results).toEqual([]);
      expect(item.llm).toBe("local-llama");
      expect(item.response).toBe("The mirror is 200 mm [1].");
      expect(JSON.stringify(peer.seen.at(-1)?.messages)).not.toContain("Passages:");
    });

    it("adds SearXNG results as web_search sources when web search is on", async () => {
      const { item } = await ask(m, alice, {
        question: "How are telescope mirrors made?",
        search_type: ["web"],
      });
      const web = item.sources.results.filter((r) => r.type === "web_search");
      expect(web).toEqual([
        expect.objectContaining({
          id: "https://example.org/mirrors",
          url: "https://example.org/mirrors",
          title: "Telescope mirrors explained",
        }),
      ]);
      expect(Object.values(item.sourceIdMap)).toContain("https://example.org/mirrors");
      expect(item.searchType).toContain("web");
    });

    it("stops generation on the server when the client aborts, and stores the turn as cancelled", async () => {
      const res = await m.request("POST", "/api/qna", {
        as: alice,
        json: {
          question: "Tell me a long story",
          selected_generation_model: "slow-model",
          search_type: ["creative"],
        },
      });
      expect(res.status).toBe(200);
      const got = await readNdjsonUntil(res, (lines) => lines.filter((l) => l.chunk).length >= 3);
      const chatId = got[0].chat_id!;
      const db = m.ctx.database.db;
      const turn = await waitUntil("the turn to be stored as cancelled", async () => {
        const [t] = await db
          .select({ status: chatTurn.status, answer: chatTurn.answer })
          .from(chatTurn)
          .where(eq(chatTurn.chatId, chatId));
        return t?.status === "cancelled" && t;
      });
      expect(turn.status).toBe("cancelled");
      // The peer stops its send timer when the server closes the upstream request: the model
      // stopped generating long before its 200 words.
      await waitUntil("the upstream request to be closed", () => peer.state.slowClosedEarly);
      expect(peer.state.slowSent).toBeLessThan(200);
      const history = (await (
        await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}`, { as: alice })
      ).json()) as { session_data: { status: string }[] };
      expect(history.session_data[0].status).toBe("cancelled");
    });
  });
}
