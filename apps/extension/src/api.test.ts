import { afterEach, describe, expect, it, vi } from "vitest";
import { signIn } from "./api.ts";

/** A server that answers every call 401 with this JSON body. */
function refuse(body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status: 401, headers: { "content-type": "application/json" } }),
    ),
  );
}

describe("the extension's sign-in (issue 41)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers a wrong password with the server's message, not 'session has ended'", async () => {
    refuse({ error: "unauthorized", message: "Invalid email or password." });
    await expect(signIn("http://mnemo.test", "a@example.com", "wrong")).rejects.toThrow(
      "Invalid email or password.",
    );
  });
});
