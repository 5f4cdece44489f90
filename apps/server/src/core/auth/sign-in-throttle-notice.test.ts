import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages } from "@mnemo/contracts";
import { signInLockout } from "../../platform/rate-limits/rules.ts";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer.ts";
import { waitUntil } from "../../test/wait.ts";

/**
 * Issue 46: wrong passwords throttle sign-in instead of locking the account, and the owner is
 * told — one mail per throttle episode (an episode ends with a successful sign-in), sent over a
 * real SMTP server, and never to an address without an account.
 */
describe.each(testDatabases())("the owner hears of a throttled sign-in on %s", (kind) => {
  let m: TestMnemo;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    m = await createTestMnemo(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Mnemo <mnemo@example.com>",
      PUBLIC_URL: "https://mnemo.example.com",
      TRUST_PROXY: "true",
    });
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.close();
  });

  const signIn = (email: string, password: string, ip: string) =>
    m.request("POST", "/api/auth/sign-in", {
      json: { email, password },
      headers: { "x-forwarded-for": ip },
    });
  const mailsTo = (to: string) =>
    smtp.mails.filter((x) => x.to.includes(to) && x.subject === mailMessages.signInThrottledSubject);

  it("mails the owner once per episode, from the first wait on", async () => {
    const password = "a lighthouse keeper's passphrase";
    const owner = await m.buildUser({ email: `keeper-${kind}@example.com`, password });
    for (let i = 0; i < signInLockout.freeFailures; i++)
      expect((await signIn(owner.email, "wrong-passphrase", `192.0.2.${i + 1}`)).status).toBe(401);
    await waitUntil("the owner's notice", () => mailsTo(owner.email).length === 1);
    const [mail] = mailsTo(owner.email);
    expect(mail.text).toContain(
      `typed a wrong password for this e-mail address ${signInLockout.freeFailures} times`,
    );
    expect(mail.text).toContain("Your account is not locked");
    expect(mail.text).toContain("https://mnemo.example.com/sign-in");
    // More wrong passwords in the same episode (once each wait is over) mail nothing more.
    await m.ctx.database.db.execute(`UPDATE rate_limit SET locked_until = now() WHERE key LIKE 'sign-in:%'`);
    expect((await signIn(owner.email, "wrong-passphrase", "192.0.2.40")).status).toBe(401);
    // The owner signs in after the wait: the episode ends; a new one is told again.
    await m.ctx.database.db.execute(`UPDATE rate_limit SET locked_until = now() WHERE key LIKE 'sign-in:%'`);
    expect((await signIn(owner.email, password, "192.0.2.50")).status).toBe(200);
    expect(mailsTo(owner.email)).toHaveLength(1);
    for (let i = 0; i < signInLockout.freeFailures; i++)
      expect((await signIn(owner.email, "wrong-passphrase", `192.0.2.${i + 60}`)).status).toBe(401);
    await waitUntil("the second episode's notice", () => mailsTo(owner.email).length === 2);
  });

  it("mails no address without an account", async () => {
    const stranger = `nobody-${kind}@example.com`;
    for (let i = 0; i < signInLockout.freeFailures; i++)
      expect((await signIn(stranger, "wrong-passphrase", `198.18.0.${i + 1}`)).status).toBe(401);
    expect((await signIn(stranger, "wrong-passphrase", "198.18.0.99")).status).toBe(429);
    expect(smtp.mails.filter((x) => x.to.includes(stranger))).toHaveLength(0);
  });
});
