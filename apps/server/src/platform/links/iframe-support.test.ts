import { describe, expect, it } from "vitest";
import { iframeSupport } from "./iframe-support.ts";

describe("iframeSupport", () => {
  it.each([
    [{}, undefined, true],
    [{ "x-frame-options": "DENY" }, undefined, false],
    [{ "x-frame-options": "sameorigin" }, undefined, false],
    [{ "x-frame-options": "ALLOW-FROM https://mnemo.example" }, undefined, true],
    [{ "x-frame-options": ["SAMEORIGIN", "DENY"] }, undefined, false],
    [{ "content-security-policy": "frame-ancestors 'none'" }, undefined, false],
    [{ "content-security-policy": "default-src 'self'; frame-ancestors 'self'" }, undefined, false],
    [{ "content-security-policy": "frame-ancestors *" }, undefined, true],
    [{ "content-security-policy": "frame-ancestors https:" }, "https://mnemo.example", true],
    [
      { "content-security-policy": "frame-ancestors 'self' https://mnemo.example" },
      "https://mnemo.example",
      true,
    ],
    [
      { "content-security-policy": "frame-ancestors 'self' https://mnemo.example" },
      "https://other.example",
      false,
    ],
    [{ "content-security-policy": "frame-ancestors 'self' https://mnemo.example" }, undefined, false],
    [{ "content-security-policy": "frame-ancestors *.mnemo.example" }, "https://app.mnemo.example", true],
    [
      { "content-security-policy": "frame-ancestors https://app.mnemo.example:8443" },
      "https://app.mnemo.example",
      false,
    ],
    // frame-ancestors wins over X-Frame-Options, as in browsers
    [{ "content-security-policy": "frame-ancestors *", "x-frame-options": "DENY" }, undefined, true],
    [{ "content-security-policy": "script-src 'self'", "x-frame-options": "DENY" }, undefined, false],
    // every enforced policy must allow it
    [{ "content-security-policy": ["frame-ancestors *", "frame-ancestors 'none'"] }, undefined, false],
    [{ "content-security-policy": "frame-ancestors *, frame-ancestors 'self'" }, undefined, false],
    [{ "content-security-policy-report-only": "frame-ancestors 'none'" }, undefined, true],
  ] as const)("%j for %s → %s", (headers, embedder, expected) => {
    expect(iframeSupport(headers as Record<string, string | string[]>, embedder)).toBe(expected);
  });

  it("reads a fetch Headers object too", () => {
    expect(iframeSupport(new Headers({ "X-Frame-Options": "DENY" }))).toBe(false);
  });
});
