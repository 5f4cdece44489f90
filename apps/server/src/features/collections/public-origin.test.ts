import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShareResponse } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection } from "./test-factories.ts";

/**
 * Without PUBLIC_URL an invitation link points where the sharer reached the server, not at the
 * http://localhost:<PORT> default (issue 41); X-Forwarded-* count only with TRUST_PROXY.
 */
describe.each(testDatabases())("invitation links without PUBLIC_URL on %s", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;

  const invitationUrl = async (origin: string, headers: Record<string, string> = {}) => {
    const id = await buildCollection(m, alice);
    const res = await m.request("POST", `${origin}/api/collection/${id}/share`, {
      as: alice,
      headers,
      json: {
        recipient_email_ids: [`bob-${Math.random().toString(36).slice(2)}@example.com`],
        type_of_access: "read",
      },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as ShareResponse).invitations[0]!.invitation_url;
  };

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser({ name: "Alice" });
  });
  afterAll(async () => {
    await m?.close();
  });

  it("uses the request's origin, never localhost", async () => {
    expect(await invitationUrl("http://192.168.1.20:3000")).toMatch(
      /^http:\/\/192\.168\.1\.20:3000\/\?invitation=[\w-]+$/,
    );
  });

  it("ignores X-Forwarded-* unless TRUST_PROXY is set, then honours them", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "mnemo.example.org" };
    expect(await invitationUrl("http://10.0.0.5:3000", forwarded)).toMatch(/^http:\/\/10\.0\.0\.5:3000\/\?/);
    m.ctx.config.TRUST_PROXY = true;
    try {
      expect(await invitationUrl("http://10.0.0.5:3000", forwarded)).toMatch(
        /^https:\/\/mnemo\.example\.org\/\?/,
      );
      // A forged host that is no host name is not written into the link.
      const forged = { "x-forwarded-host": "evil.example/phish?" };
      expect(await invitationUrl("http://10.0.0.5:3000", forged)).toMatch(/^http:\/\/10\.0\.0\.5:3000\/\?/);
    } finally {
      m.ctx.config.TRUST_PROXY = false;
    }
  });
});
