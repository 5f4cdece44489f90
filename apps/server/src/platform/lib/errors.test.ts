import { describe, expect, it } from "vitest";
import { AppError, fromPgError } from "./errors.ts";

describe("fromPgError maps SQLSTATE codes, never message text", () => {
  it.each([
    ["23505", "conflict", 409],
    ["23503", "not_found", 404],
    ["22P02", "validation", 400],
    ["23514", "validation", 400],
    // A serialization failure or deadlock is a lost race, not the client sending too much.
    ["40001", "conflict", 409],
    ["40P01", "conflict", 409],
  ])("%s → %s", (code, expected, status) => {
    const err = fromPgError(Object.assign(new Error("rate limit exceeded, too many requests"), { code }));
    expect([err?.code, err?.status]).toEqual([expected, status]);
  });

  it("reads the code of a wrapped driver error", () => {
    expect(fromPgError(new Error("query failed", { cause: { code: "40001" } }))?.code).toBe("conflict");
  });

  it.each([
    ["no code", new Error("could not serialize access due to concurrent update")],
    ["an unknown code", Object.assign(new Error("x"), { code: "57P01" })],
    ["a code that is not a SQLSTATE", Object.assign(new Error("x"), { code: "ECONNREFUSED" })],
  ])("%s → not an API error (500)", (_name, err) => expect(fromPgError(err)).toBeUndefined());
});

describe("AppError", () => {
  it("is bare without a message (the answer is only its code)", () => {
    expect(new AppError("unauthorized").bare).toBe(true);
    expect(new AppError("unauthorized", "Invalid email or password.").bare).toBe(false);
  });
});
