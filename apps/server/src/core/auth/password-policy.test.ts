import { describe, expect, it } from "vitest";
import { isTrivialPassword } from "./password-policy.ts";

describe("isTrivialPassword", () => {
  it.each([
    ["password", "", true],
    ["Password1", "", true],
    ["12345678", "", true],
    ["qwertyuiop", "", true],
    ["iloveyou", "", true],
    ["zzzzzzzzzz", "", true],
    ["ada.lovelace", "ada.lovelace@example.com", true],
    ["ada.lovelace@example.com", "Ada.Lovelace@example.com", true],
    ["Password1!", "", true],
    ["P@ssw0rd1", "", true],
    ["Qwerty123!", "", true],
    ["Summer2024!", "", true],
    ["!!Dragon2024", "", true],
    ["m0nk3y!!", "", true],
    ["correct-horse-battery", "", false],
    ["correct horse battery", "", false],
    ["Summer-of-lighthouses-2024", "", false],
    ["xY7$k2Lm9Q", "", false],
    ["a long passphrase", "", false],
    ["vK3#pq9!Lm", "ada@example.com", false],
  ])("%s (email %s) → %s", (password, email, expected) => {
    expect(isTrivialPassword(password, email)).toBe(expected);
  });
});
