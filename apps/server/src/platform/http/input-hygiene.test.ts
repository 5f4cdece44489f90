import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { carriesNul, nulMessage } from "./middleware/refuse-nul.ts";

describe("carriesNul", () => {
  it.each([
    ["/api/x", '{"a":"b\\u0000c"}', true],
    ["/api/x", '{"a":"\\u0000"}', true],
    ["/api/x", '"\\\\\\u0000"', true], // an escaped backslash, then a NUL
    ["/api/x", '{"a":"\\\\u0000"}', false], // the six characters \u0000, not a NUL
    ["/api/x", '{"a":"plain"}', false],
    ["/api/x?q=a%00b", undefined, true],
    ["/api/x?q=a%2500b", undefined, false], // the text "%00"
    ["/api/x", undefined, false],
  ])("%s %s → %s", (url, text, expected) => {
    expect(carriesNul(url, text)).toBe(expected);
  });
});

describe("a NUL character is refused with 400 on every route, never a 500", () => {
  let m: TestMnemo;
  let alice: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo("pglite");
    alice = await m.buildUser();
  }, 60_000);
  afterAll(() => m?.close());

  const nul = "a\u0000b";
  it.each([
    [
      "POST",
      "/api/auth/sign-up",
      () => ({ name: nul, email: "nul@example.com", password: "a long passphrase" }),
    ],
    ["POST", "/api/auth/sign-in", () => ({ email: "nul@example.com", password: nul })],
    ["PUT", "/api/user/profile", () => ({ full_name: nul })],
    ["POST", "/api/collection", () => ({ name: nul })],
    ["POST", "/api/create_chat", () => ({ user_query: nul })],
    ["POST", "/api/pages", () => ({ title: nul, markdown: nul })],
    ["POST", "/api/blocknote-parser", () => ({ markdown: nul })],
    ["POST", "/api/upload/web_pages", () => ({ web_pages: [{ link: "https://example.com/a", note: nul }] })],
    ["PUT", "/api/sources/note", () => ({ source_id: "x", note: nul })],
    ["POST", "/api/sources/rename", () => ({ source_id: "x", new_title: nul })],
  ])("%s %s", async (method, url, body) => {
    const res = await m.request(method, url, { as: alice, json: body() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "validation", message: nulMessage });
  });

  it.each(["/api/sources/search?query=a%00b", "/api/sources/a%00b", "/api/collection/a%00b"])(
    "GET %s",
    async (url) => {
      const res = await m.request("GET", url, { as: alice });
      expect(res.status).toBe(400);
    },
  );
});

describe("display names have a maximum", () => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo("pglite");
  }, 60_000);
  afterAll(() => m?.close());

  it("refuses a 1.5 MB name at sign-up and at a profile update", async () => {
    const huge = "N".repeat(1_500_000);
    const signUp = await m.request("POST", "/api/auth/sign-up", {
      json: { name: huge, email: "huge@example.com", password: "a long passphrase" },
    });
    expect(signUp.status).toBe(400);
    const user = await m.buildUser();
    const res = await m.request("PUT", "/api/user/profile", {
      as: user,
      json: { full_name: "N".repeat(121) },
    });
    expect(res.status).toBe(400);
  });
});
