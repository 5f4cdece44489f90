import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration switches", () => {
  it("runs embedded PGlite on its own thread unless told not to", () => {
    expect(loadConfig({}).PGLITE_THREAD).toBe(true);
    expect(loadConfig({ PGLITE_THREAD: "" }).PGLITE_THREAD).toBe(true);
    expect(loadConfig({ PGLITE_THREAD: "true" }).PGLITE_THREAD).toBe(true);
    expect(loadConfig({ PGLITE_THREAD: "false" }).PGLITE_THREAD).toBe(false);
    expect(loadConfig({ PGLITE_THREAD: "0" }).PGLITE_THREAD).toBe(false);
  });

  it("leaves off-by-default switches off", () => {
    expect(loadConfig({}).DISABLE_WORKER).toBe(false);
    expect(loadConfig({ DISABLE_WORKER: "1" }).DISABLE_WORKER).toBe(true);
  });

  it("refuses a switch it cannot read", () => {
    expect(() => loadConfig({ PGLITE_THREAD: "maybe" })).toThrow(/PGLITE_THREAD/);
  });

  it("takes an e-mail address or a link as SUPPORT_CONTACT; DOCS_URL defaults to the README route", () => {
    expect(loadConfig({}).SUPPORT_CONTACT).toBeUndefined();
    expect(loadConfig({}).DOCS_URL).toBe("/api/docs");
    expect(loadConfig({ SUPPORT_CONTACT: "help@example.org" }).SUPPORT_CONTACT).toBe("help@example.org");
    expect(loadConfig({ SUPPORT_CONTACT: "https://help.example.org" }).SUPPORT_CONTACT).toBe(
      "https://help.example.org",
    );
    expect(() => loadConfig({ SUPPORT_CONTACT: "call Bob" })).toThrow(/SUPPORT_CONTACT/);
    expect(loadConfig({ DOCS_URL: "https://docs.example.org/mnemo" }).DOCS_URL).toBe(
      "https://docs.example.org/mnemo",
    );
    expect(() => loadConfig({ DOCS_URL: "javascript:alert(1)" })).toThrow(/DOCS_URL/);
    expect(() => loadConfig({ DOCS_URL: "//evil.example" })).toThrow(/DOCS_URL/);
  });
});
