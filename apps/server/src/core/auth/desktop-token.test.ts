import { describe, expect, it } from "vitest";
import { createDesktopTokens, DESKTOP_TOKEN_TTL_S } from "./desktop-token.ts";

const secret = "test-secret-test-secret-test-secret-123";

describe("desktop tokens", () => {
  const tokens = createDesktopTokens(secret, "desktop-client-secret");

  it("verifies a token only for the user it was issued to, until it expires", () => {
    const { token, expiresAt } = tokens.issue("alice", 1_000);
    expect(expiresAt).toBe(1_000 + DESKTOP_TOKEN_TTL_S);
    expect(tokens.verify(token, "alice", 2_000)).toBe(true);
    expect(tokens.verify(token, "bob", 2_000)).toBe(false);
    expect(tokens.verify(token, "alice", expiresAt + 1)).toBe(false);
  });

  it("refuses forged, altered and foreign tokens", () => {
    const { token } = tokens.issue("alice", 1_000);
    const [v, exp, sig] = token.split(".");
    expect(tokens.verify(`${v}.${Number(exp) + 1}.${sig}`, "alice", 2_000)).toBe(false);
    expect(tokens.verify(`${v}.${exp}.${"A".repeat(43)}`, "alice", 2_000)).toBe(false);
    expect(tokens.verify("desktop_app", "alice", 2_000)).toBe(false);
    expect(tokens.verify(undefined, "alice", 2_000)).toBe(false);
    const otherServer = createDesktopTokens("another-secret-another-secret-another", "desktop-client-secret");
    expect(tokens.verify(otherServer.issue("alice", 1_000).token, "alice", 2_000)).toBe(false);
  });

  it("accepts the client secret only when one is configured", () => {
    expect(tokens.isClientSecret("desktop-client-secret")).toBe(true);
    expect(tokens.isClientSecret("desktop-client-secreT")).toBe(false);
    expect(createDesktopTokens(secret, undefined).isClientSecret("")).toBe(false);
  });
});
