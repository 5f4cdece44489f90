import { describe, expect, it } from "vitest";
import { afterSignIn, safeNext } from "./use-auth-mutations";

describe("safeNext (where sign-in returns to)", () => {
  it.each([
    [null, "/"],
    ["", "/"],
    ["/collections", "/collections"],
    ["/account#mcps", "/account#mcps"],
    ["/?tab=pages", "/?tab=pages"],
    ["//evil.example.com", "/"],
    ["https://evil.example.com", "/"],
    ["javascript:alert(1)", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });
});

describe("where sign-in goes without ?next= (spec 1 §2)", () => {
  it("is the chat history route", () => {
    expect(afterSignIn).toBe("/chat");
    expect(safeNext(null, afterSignIn)).toBe("/chat");
    expect(safeNext("/collections", afterSignIn)).toBe("/collections");
  });
});
