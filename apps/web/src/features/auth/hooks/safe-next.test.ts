import { describe, expect, it } from "vitest";
import { safeNext } from "./use-auth-mutations";

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
