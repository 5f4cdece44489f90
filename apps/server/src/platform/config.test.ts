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
});
