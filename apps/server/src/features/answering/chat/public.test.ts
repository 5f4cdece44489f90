import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "@mnemo/contracts/messages";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { readNdjson } from "../../../test/ndjson.ts";
import { addMemory, ask } from "./test-helpers.ts";

for (const kind of testDatabases()) {
  describe(`public chats and votes on ${kind}`, () => {
    let m: TestMnemo;
    let alice: TestUser;
    let bob: TestUser;
    let chatId: string;

    beforeAll(async () => {
      m = await createTestMnemo(kind, { DEFAULT_PLAN: "team" });
      [alice, bob] = [await m.buildUser(), await m.buildUser()];
      const db = m.ctx.database.db;
      await addMemory(
        db,
        alice,
        "Telescope notes",
        "The reflecting telescope has a mirror of 200 millimetres. The mount is equatorial.",
      );
      await addMemory(db, alice, "Private diary", "My bank PIN is hidden under the garden shed.");
      const first = await ask(m, alice, { question: "How big is the telescope mirror?" });
      chatId = first.item.chatId!;
    });
    afterAll(async () => {
      await m?.close();
    });

    const history = (token: string, id = chatId) =>
      m.request(
        "GET",
        `/api/public_chat/get_public_chat_history?token=${encodeURIComponent(token)}&chat_id=${id}`,
      );

    it("makes a chat public, serves its history without sign-in, and stops after revoke", async () => {
      expect((await history("nope")).status).toBe(404);
      const made = await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: alice });
      expect(made.status).toBe(200);
      const { token } = (await made.json()) as { token: string };
      // Making it public again keeps the same link.
      expect(
        (
          (await (
            await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: alice })
          ).json()) as { token: string }
        ).token,
      ).toBe(token);
      const res = await history(token);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { chat_history: { user_query: string; answer: string }[] };
      expect(body.chat_history[0].user_query).toBe("How big is the telescope mirror?");
      expect(body.chat_history[0].answer).toContain("200");
      // Someone else cannot make or revoke it.
      expect((await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: bob })).status).toBe(
        404,
      );
      expect(
        (await m.request("POST", `/api/revoke_chat_public_access?chat_id=${chatId}`, { as: bob })).status,
      ).toBe(404);

      expect(
        (await m.request("POST", `/api/revoke_chat_public_access?chat_id=${chatId}`, { as: alice })).status,
      ).toBe(200);
      const gone = await history(token);
      expect(gone.status).toBe(404);
      expect(await gone.text()).toContain(chatMessages.noDataReturned);
      expect(
        (
          await m.request("POST", `/api/duplicate_public_chat?chat_id=${chatId}`, {
            as: bob,
            json: { token },
          })
        ).status,
      ).toBe(404);
    });

    it("answers a visitor's follow-up from the memories the chat cites only, without storing it", async () => {
      const { token } = (await (
        await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: alice })
      ).json()) as { token: string };
      const res = await m.request(
        "POST",
        `/api/public_chat/chat?token=${encodeURIComponent(token)}&user_system_date=2025-01-01`,
        { json: { question: "Where is the bank PIN?", chat_id: chatId } },
      );
      expect(res.status).toBe(200);
      const lines = await readNdjson(res);
      const titles = lines.flatMap((l) => l.sources?.results.map((r) => r.title) ?? []);
      expect(titles).not.toContain("Private diary");
      expect(lines.at(-1)?.end_of_data).toBe(true);
      const after = (await (await history(token)).json()) as { chat_history: unknown[] };
      expect(after.chat_history).toHaveLength(1);
      const wrong = await m.request("POST", `/api/public_chat/chat?token=wrong`, {
        json: { question: "Hi", chat_id: chatId },
      });
      expect(wrong.status).toBe(404);
    });

    it("duplicates a public chat into another user's history", async () => {
      const { token } = (await (
        await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: alice })
      ).json()) as { token: string };
      const dup = await m.request("POST", `/api/duplicate_public_chat?chat_id=${chatId}`, {
        as: bob,
        json: { token },
      });
      expect(dup.status).toBe(200);
      const { chat_id } = (await dup.json()) as { chat_id: string };
      const list = (await (await m.request("POST", "/api/fetch_chats", { as: bob, json: {} })).json()) as {
        chats: { chat_id: string }[];
      };
      expect(list.chats.map((c) => c.chat_id)).toContain(chat_id);
      const hist = (await (
        await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chat_id}`, { as: bob })
      ).json()) as { session_data: { answer: string }[] };
      expect(hist.session_data[0].answer).toContain("200");
    });

    it("opens a public chat to others only with its current token: no token, a wrong one or a revoked one get 404", async () => {
      const share = async () =>
        (
          (await (
            await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: alice })
          ).json()) as {
            token: string;
          }
        ).token;
      const calls = (token: string | undefined) => {
        const t = token === undefined ? "" : `token=${encodeURIComponent(token)}`;
        return {
          read: () =>
            m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}&is_public=true&${t}`, {
              as: bob,
            }),
          publicRead: () =>
            m.request("GET", `/api/public_chat/get_public_chat_history?chat_id=${chatId}&${t}`),
          followUp: () =>
            m.request("POST", `/api/public_chat/chat?${t}`, {
              json: { question: "Mirror?", chat_id: chatId },
            }),
          duplicate: () =>
            m.request("POST", `/api/duplicate_public_chat?chat_id=${chatId}`, {
              as: bob,
              json: token === undefined ? {} : { token },
            }),
        };
      };
      const statuses = async (token: string | undefined) => {
        const c = calls(token);
        const out: Record<string, number> = {};
        for (const [name, call] of Object.entries(c)) {
          const res = await call();
          out[name] = res.status;
          const text = await res.text();
          if (res.status !== 200) expect(text).not.toContain("telescope");
        }
        return out;
      };
      const refused = { read: 404, publicRead: 404, followUp: 404, duplicate: 404 };
      const old = await share();
      expect(await statuses(old)).toEqual({ read: 200, publicRead: 200, followUp: 200, duplicate: 200 });
      expect(await statuses(undefined)).toEqual(refused);
      expect(await statuses("")).toEqual(refused);
      expect(await statuses(old.slice(0, -2) + "xx")).toEqual(refused);

      expect(
        (await m.request("POST", `/api/revoke_chat_public_access?chat_id=${chatId}`, { as: alice })).status,
      ).toBe(200);
      expect(await statuses(old)).toEqual(refused);
      // Sharing again mints a new token; the revoked one stays dead.
      const fresh = await share();
      expect(fresh).not.toBe(old);
      expect(await statuses(old)).toEqual(refused);
      expect(await statuses(fresh)).toEqual({ read: 200, publicRead: 200, followUp: 200, duplicate: 200 });
      // The owner reads their own chat without a token, public or not.
      expect(
        (
          await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}&is_public=true`, {
            as: alice,
          })
        ).status,
      ).toBe(200);
    });

    it("answers fetch_user_chat_history with is_public and the token without sign-in, and nothing else", async () => {
      const { token } = (await (
        await m.request("GET", `/api/make_chat_public?chat_id=${chatId}`, { as: alice })
      ).json()) as { token: string };
      const t = encodeURIComponent(token);
      const open = await m.request(
        "POST",
        `/api/fetch_user_chat_history?chat_id=${chatId}&is_public=true&token=${t}`,
      );
      expect(open.status).toBe(200);
      const body = (await open.json()) as { session_data: { answer: string }[] };
      expect(body.session_data[0].answer).toContain("200");
      // Without is_public, or with a wrong token, a visitor gets nothing.
      const privateRead = await m.request(
        "POST",
        `/api/fetch_user_chat_history?chat_id=${chatId}&token=${t}`,
      );
      expect(privateRead.status).toBe(401);
      expect(await privateRead.json()).toEqual({ error: "unauthorized" });
      expect(
        (await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}&is_public=true&token=wrong`))
          .status,
      ).toBe(404);
      expect(
        (await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}&is_public=true`)).status,
      ).toBe(404);
    });

    it("stores a vote on the owner's turn, by query", async () => {
      expect(
        (
          await m.request("POST", "/api/vote_qna", {
            as: alice,
            json: { chat_id: chatId, query: "How big is the telescope mirror?", vote: 1 },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await m.request("POST", "/api/vote_qna", {
            as: bob,
            json: { chat_id: chatId, query: "How big is the telescope mirror?", vote: -1 },
          })
        ).status,
      ).toBe(404);
      const hist = (await (
        await m.request("POST", `/api/fetch_user_chat_history?chat_id=${chatId}`, { as: alice })
      ).json()) as { session_data: { vote: number | null }[] };
      expect(hist.session_data[0].vote).toBe(1);
    });
  });
}
