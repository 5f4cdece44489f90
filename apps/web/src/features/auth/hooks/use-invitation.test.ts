import { describe, expect, it } from "vitest";
import { invitationTokenOf } from "./use-invitation";

describe("the invitation an auth page was opened for (issue 41)", () => {
  it.each([
    ["/?invitation=abc_DEF-123", "abc_DEF-123"],
    ["/?tab=pages&invitation=t0k", "t0k"],
    ["/collections", null],
    ["/?invitation=", null],
    [null, null],
    ["//evil.example.com/?invitation=x", null],
    ["https://evil.example.com/?invitation=x", null],
  ])("next=%s → %s", (next, token) => expect(invitationTokenOf(next)).toBe(token));
});
