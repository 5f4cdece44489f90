import { describe, expect, it } from "vitest";
import { orgMessages } from "@mnemo/contracts";
import { solidPng } from "../../test/fixtures/sites/icon.ts";
import { sniffIcon } from "./icon.ts";
import { mayChangeRole, mayRemove } from "./policy.ts";
import { parseTrustedDomains, reservedSlugs } from "./sso.ts";
import { slugify } from "./service.ts";

describe("organisation roles", () => {
  it.each([
    ["owner", "member", null],
    ["owner", "admin", null],
    ["admin", "member", null],
    ["admin", "admin", orgMessages.ownerOnly],
    ["admin", "owner", orgMessages.ownerOnly],
    ["owner", "owner", orgMessages.ownerOnly],
    ["member", "member", orgMessages.adminsOnly],
  ])("%s changing a %s's role: %s", (actor, target, refusal) => {
    expect(mayChangeRole(actor, target)).toBe(refusal);
  });

  it.each([
    ["owner", "admin", null],
    ["admin", "member", null],
    ["admin", "admin", orgMessages.ownerOnly],
    ["owner", "owner", orgMessages.ownerCannotBeRemoved],
    ["admin", "owner", orgMessages.ownerCannotBeRemoved],
    ["member", "member", orgMessages.adminsOnly],
  ])("%s removing a %s: %s", (actor, target, refusal) => {
    expect(mayRemove(actor, target)).toBe(refusal);
  });
});

describe("icon bytes", () => {
  const pad = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
  it.each([
    ["a PNG", new Uint8Array(solidPng()), "image/png"],
    ["a JPEG", pad(0xff, 0xd8, 0xff, 0xe0), "image/jpeg"],
    ["a GIF", pad(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), "image/gif"],
    ["a WebP", pad(0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50), "image/webp"],
    ["an ICO", pad(0, 0, 1, 0, 1, 0), "image/x-icon"],
    ["an SVG", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), null],
    ["HTML", new TextEncoder().encode("<html><body>not an image</body></html>"), null],
    ["nothing", new Uint8Array(), null],
  ])("%s is %s", (_name, bytes, type) => {
    expect(sniffIcon(bytes)).toBe(type);
  });
});

describe("slugs and trusted domains", () => {
  it.each([
    ["Initech", "initech"],
    ["Olive & Co. Labs", "olive-co-labs"],
    ["Café Zürich", "cafe-zurich"],
    ["!!!", "org"],
  ])("%s → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("reads domain=organisation pairs, domains lower-cased, ids kept as written, ignoring blanks", () => {
    const trusted = parseTrustedDomains(" Example.com=AbC123xYz, ,bad, corp.example=corp ");
    expect([...trusted]).toEqual([
      ["example.com", "AbC123xYz"],
      ["corp.example", "corp"],
    ]);
    expect(parseTrustedDomains(undefined).size).toBe(0);
    // Every value may be a slug: each is reserved against organisation creation.
    expect([...reservedSlugs(trusted)]).toEqual(["abc123xyz", "corp"]);
  });
});
