import { describe, expect, it } from "vitest";
import { createSessionCache, type CachedSignIn } from "./session-cache.ts";

const signIn = (userId: string, expiresAt = Date.now() + 3_600_000): CachedSignIn => ({
  userId,
  email: `${userId}@example.com`,
  name: userId,
  activeOrganizationId: null,
  expiresAt,
});

describe("session cache", () => {
  it("keeps a looked-up sign-in until its user is forgotten, and only that user's", () => {
    const cache = createSessionCache();
    cache.begin()("tok-a1", signIn("a"));
    cache.begin()("tok-a2", signIn("a"));
    cache.begin()("tok-b", signIn("b"));
    expect(cache.get("tok-a1")?.userId).toBe("a");
    cache.forgetUser("a");
    expect([cache.get("tok-a1"), cache.get("tok-a2"), cache.get("tok-b")?.userId]).toEqual([
      undefined,
      undefined,
      "b",
    ]);
    cache.forgetAll();
    expect(cache.get("tok-b")).toBeUndefined();
  });

  it("does not store a lookup that began before a change (it may have read the old row)", () => {
    const cache = createSessionCache();
    const store = cache.begin();
    cache.forgetUser("someone-else");
    store("tok", signIn("a"));
    expect(cache.get("tok")).toBeUndefined();
  });

  it("serves a sign-in neither past the session's expiry nor past its maximum age", () => {
    let t = 1_000;
    const cache = createSessionCache({ maxAgeMs: 500, now: () => t });
    cache.begin()("short", signIn("a", 1_200));
    cache.begin()("long", signIn("b"));
    t = 1_199;
    expect([cache.get("short")?.userId, cache.get("long")?.userId]).toEqual(["a", "b"]);
    t = 1_200;
    expect(cache.get("short")).toBeUndefined();
    t = 1_500;
    expect(cache.get("long")).toBeUndefined();
  });

  it("holds at most `max` sign-ins, dropping the least recently used", () => {
    const cache = createSessionCache({ max: 2 });
    cache.begin()("t1", signIn("a"));
    cache.begin()("t2", signIn("b"));
    cache.get("t1");
    cache.begin()("t3", signIn("c"));
    expect(cache.size).toBe(2);
    expect([cache.get("t1")?.userId, cache.get("t2"), cache.get("t3")?.userId]).toEqual([
      "a",
      undefined,
      "c",
    ]);
  });
});
