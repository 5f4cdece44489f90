import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, mailMessages } from "@mnemo/contracts";
import { loadConfig } from "../../platform/config.ts";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer.ts";
import { waitUntil } from "../../test/wait.ts";

/**
 * Issue 12: sign-up must not tell whether an address has an account. With
 * REQUIRE_EMAIL_VERIFICATION (SMTP configured) every accepted sign-up answers the same bytes and
 * the address's mailbox learns the rest; without it, the answer differs (documented trade-off:
 * a new user is signed straight in) and only the per-address rate limit slows probing.
 */
describe.each(testDatabases())("sign-up does not reveal registered addresses on %s", (kind) => {
  let m: TestMnemo;
  let smtp: SmtpPeer;
  const signUp = (email: string, password: string, name = "Probe") =>
    m.request("POST", "/api/auth/sign-up", { json: { name, email, password } });
  const signIn = (email: string, password: string) =>
    m.request("POST", "/api/auth/sign-in", { json: { email, password } });

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    m = await createTestMnemo(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Mnemo <mnemo@example.com>",
      PUBLIC_URL: "https://mnemo.example.com",
      REQUIRE_EMAIL_VERIFICATION: "true",
    });
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.close();
  });

  it("answers a registered address exactly as a new one; only the mailbox learns which it was", async () => {
    const owner = `owner-${kind}@example.com`;
    const fresh = `fresh-${kind}@example.com`;
    const first = await signUp(owner, "tidepool anemone lantern", "Olive Owner");
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    expect(JSON.parse(firstBody)).toEqual({
      verification_required: true,
      message: authMessages.checkEmailToFinish,
    });

    // Someone probes: the owner's address again (another password), and an unused one.
    const again = await signUp(owner, "a different guess entirely");
    const unused = await signUp(fresh, "a different guess entirely");
    expect([again.status, unused.status]).toEqual([200, 200]);
    const [againBody, unusedBody] = [await again.text(), await unused.text()];
    expect(againBody).toBe(unusedBody);
    expect(againBody).toBe(firstBody);

    // The owner's mailbox gets the verification link, then a notice of the second attempt.
    await waitUntil("the owner's two mails", () => smtp.mails.filter((x) => x.to === owner).length === 2);
    const ownerMails = smtp.mails.filter((x) => x.to === owner);
    expect(ownerMails.map((x) => x.subject)).toEqual(
      expect.arrayContaining([mailMessages.verificationSubject, mailMessages.existingAccountSubject]),
    );
    // The prober's password opened nothing: the account keeps the owner's.
    expect((await signIn(owner, "a different guess entirely")).status).toBe(401);
  });

  it("gives no session before the address is confirmed; the mailed link then lets the owner in", async () => {
    const email = `verify-${kind}@example.com`;
    expect((await signUp(email, "harbour seal quartz", "Vera Verify")).status).toBe(200);
    // The right password before confirming: refused with a clear message, and a new link is mailed.
    const early = await signIn(email, "harbour seal quartz");
    expect(early.status).toBe(403);
    expect(((await early.json()) as { message: string }).message).toBe(authMessages.verifyEmailFirst);
    // A wrong password answers exactly as an unknown address does.
    const wrong = await signIn(email, "not the password at all");
    const unknown = await signIn(`nobody-${kind}@example.com`, "not the password at all");
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.text()).toBe(await unknown.text());

    await waitUntil("the verification mail", () =>
      smtp.mails.some((x) => x.to === email && x.text.includes("verify-email?token=")),
    );
    const link = smtp.mails
      .find((x) => x.to === email && x.text.includes("verify-email?token="))!
      .text.match(/https?:\/\/\S*verify-email\?token=\S*/)![0];
    const url = new URL(link);
    const confirmed = await m.request("GET", url.pathname + url.search);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/?email_verified=1");
    const ok = await signIn(email, "harbour seal quartz");
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { token: string }).token).toBeTruthy();
  });
});

describe("REQUIRE_EMAIL_VERIFICATION", () => {
  it("is refused without SMTP_URL (the link could not be mailed)", () => {
    expect(() => loadConfig({ REQUIRE_EMAIL_VERIFICATION: "true" })).toThrow(/needs SMTP_URL/);
    expect(() =>
      loadConfig({ REQUIRE_EMAIL_VERIFICATION: "true", SMTP_URL: "smtp://127.0.0.1:2525" }),
    ).not.toThrow();
  });
});
