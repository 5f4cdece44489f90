import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { signInLockout, windowRules } from "./rules.ts";

describe.each(testDatabases())("rate limits on %s", (kind) => {
  let m: TestMnemo;
  beforeAll(async () => {
    // Behind a proxy: each test speaks from its own address through X-Forwarded-For.
    m = await createTestMnemo(kind, { TRUST_PROXY: "true" });
  }, 60_000);
  afterAll(() => m?.close());

  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("throttles wrong passwords with growing delays, never keeping the owner's usual device out", async () => {
    const password = "the-right-passphrase";
    const user = await m.buildUser({ password });
    const signIn = (pw: string, ip: string) =>
      m.request("POST", "/api/auth/sign-in", {
        json: { email: user.email, password: pw },
        headers: from(ip),
      });
    // The owner's usual device: signed in from before.
    const usual = "198.51.100.50";
    expect((await signIn(password, usual)).status).toBe(200);
    for (let i = 0; i < signInLockout.freeFailures; i++) {
      // From many addresses: the address's count is over all of them.
      expect((await signIn("wrong-passphrase", `198.51.100.${i + 1}`)).status).toBe(401);
    }
    // Another device, even with the right password, waits (the attempt is not tried meanwhile).
    const waiting = await signIn(password, "198.51.100.99");
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("retry-after")).toBe("30");
    expect(await waiting.json()).toMatchObject({
      error: "rate_limited",
      message: "Too many attempts. Please try again in 30 seconds.",
      details: { retry_after: 30 },
    });
    // The owner's usual device is not held up by strangers' wrong passwords (429 before issue 46).
    expect((await signIn(password, usual)).status).toBe(200);
  });

  it("makes one client wait longer after each further wrong password for an address, while the owner gets in", async () => {
    const password = "yet-another-passphrase";
    const user = await m.buildUser({ password });
    const signIn = (pw: string, ip: string) =>
      m.request("POST", "/api/auth/sign-in", {
        json: { email: user.email, password: pw },
        headers: from(ip),
      });
    const usual = "203.0.113.50";
    expect((await signIn(password, usual)).status).toBe(200);
    const guesser = "203.0.113.66";
    for (let i = 0; i < signInLockout.freeFailures; i++)
      expect((await signIn("wrong-passphrase", guesser)).status).toBe(401);
    expect((await signIn("wrong-passphrase", guesser)).headers.get("retry-after")).toBe("30");
    // The owner signs in meanwhile (clearing the address's count); the guesser still waits.
    expect((await signIn(password, usual)).status).toBe(200);
    const still = await signIn("wrong-passphrase", guesser);
    expect(still.status).toBe(429);
    // Its next wrong password, once the wait is over, doubles the wait: 60 s.
    await m.ctx.database.db.execute(
      `UPDATE rate_limit SET locked_until = now() WHERE key LIKE 'sign-in:%${user.email}%'`,
    );
    expect((await signIn("wrong-passphrase", guesser)).status).toBe(401);
    expect((await signIn("wrong-passphrase", guesser)).headers.get("retry-after")).toBe("60");
    expect((await signIn(password, usual)).status).toBe(200);
  });

  it("clears an account's failures after a successful sign-in", async () => {
    const password = "another-right-passphrase";
    const user = await m.buildUser({ password });
    const signIn = (pw: string) =>
      m.request("POST", "/api/auth/sign-in", {
        json: { email: user.email, password: pw },
        headers: from("203.0.113.7"),
      });
    for (let i = 0; i < signInLockout.freeFailures - 1; i++)
      expect((await signIn("nope-nope-nope")).status).toBe(401);
    expect((await signIn(password)).status).toBe(200);
    for (let i = 0; i < signInLockout.freeFailures - 1; i++)
      expect((await signIn("nope-nope-nope")).status).toBe(401);
    expect((await signIn(password)).status).toBe(200);
  });

  it("limits sign-in attempts per address across accounts", async () => {
    const ip = "192.0.2.10";
    const rule = windowRules.signInPerIp;
    for (let i = 0; i < rule.max; i++) {
      const res = await m.request("POST", "/api/auth/sign-in", {
        json: { email: `nobody${i}@example.com`, password: "whatever-passphrase" },
        headers: from(ip),
      });
      expect(res.status).toBe(401);
    }
    const refused = await m.request("POST", "/api/auth/sign-in", {
      json: { email: "nobody@example.com", password: "whatever-passphrase" },
      headers: from(ip),
    });
    expect(refused.status).toBe(429);
    // Another address is not affected.
    const other = await m.request("POST", "/api/auth/sign-in", {
      json: { email: "nobody@example.com", password: "whatever-passphrase" },
      headers: from("192.0.2.11"),
    });
    expect(other.status).toBe(401);
  });

  it("limits sign-ups per address hard, so probing for registered emails is slow", async () => {
    const ip = "192.0.2.20";
    const rule = windowRules.signUpPerIp;
    for (let i = 0; i < rule.max; i++) {
      const res = await m.request("POST", "/api/auth/sign-up", {
        json: { name: "Probe", email: `probe${i}-${kind}@example.com`, password: "a long passphrase" },
        headers: from(ip),
      });
      expect(res.status).toBe(200);
    }
    const refused = await m.request("POST", "/api/auth/sign-up", {
      json: { name: "Probe", email: `probe-last-${kind}@example.com`, password: "a long passphrase" },
      headers: from(ip),
    });
    expect(refused.status).toBe(429);
  });

  it("meters public chat follow-ups per address, whatever the token (no account needed)", async () => {
    const rule = windowRules.publicChatPerIp;
    const ip = "192.0.2.30";
    const followUp = (token: string, at = ip) =>
      m.request("POST", `/api/public_chat/chat?token=${encodeURIComponent(token)}`, {
        json: { question: "Anything?", chat_id: "no-such-chat" },
        headers: from(at),
      });
    // Guessing tokens counts too: every follow-up from the address is metered.
    for (let i = 0; i < rule.max; i++) expect((await followUp(`guess-${i}`)).status).toBe(404);
    const refused = await followUp("guess-last");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await followUp("guess-elsewhere", "192.0.2.31")).status).toBe(404);
  });

  it("limits link saving per session", async () => {
    const user: TestUser = await m.buildUser();
    const rule = windowRules.linksPerSession;
    const statuses: number[] = [];
    for (let i = 0; i <= rule.max; i++) {
      const res = await m.request("POST", "/api/upload/web_pages", {
        as: user,
        json: { web_pages: [{ link: "not a url at all" }] },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, rule.max).every((s) => s === 200)).toBe(true);
    expect(statuses[rule.max]).toBe(429);
  });
});
