import { describe, expect, it } from "vitest";
import { collectionMessages } from "@mnemo/contracts";
import { membersOf, parseEmails } from "./emails";
import { collectionNameError } from "./name";

describe("collectionNameError", () => {
  const existing = ["Research", "Recipes "];
  it.each([
    ["", collectionMessages.nameRequired],
    ["   ", collectionMessages.nameRequired],
    ["Research", collectionMessages.nameExists],
    ["  Research ", collectionMessages.nameExists],
    ["Recipes", collectionMessages.nameExists],
    ["research", null],
    ["Research 2", null],
  ])("%j → %s", (name, error) => {
    expect(collectionNameError(name, existing)).toBe(error);
  });
});

describe("parseEmails", () => {
  it("splits on commas, semicolons and spaces, lower-cases and drops repeats", () => {
    expect(parseEmails("Bo@Example.com, al@example.com;bo@example.com\nzed@x.io")).toEqual({
      emails: ["bo@example.com", "al@example.com", "zed@x.io"],
      invalid: [],
    });
    expect(parseEmails("ok@example.com not-an-email").invalid).toEqual(["not-an-email"]);
  });
});

describe("membersOf", () => {
  it("lists the creator first, then admins, writers and readers", () => {
    const m = membersOf({
      owner_email: "a@x.io",
      admin: ["a@x.io", "z@x.io"],
      write: ["w@x.io"],
      read: ["c@x.io", "b@x.io"],
    });
    expect(m.map((x) => `${x.email}:${x.role}${x.owner ? ":owner" : ""}`)).toEqual([
      "a@x.io:admin:owner",
      "z@x.io:admin",
      "w@x.io:write",
      "b@x.io:read",
      "c@x.io:read",
    ]);
  });
});
