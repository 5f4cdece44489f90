import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cgroupMemoryLimitMb, parseCgroupLimit, sampleMemory } from "./memory.ts";

describe("parseCgroupLimit", () => {
  it.each([
    ["536870912\n", 512],
    ["1073741824", 1024],
    ["max\n", undefined],
    ["9223372036854771712\n", undefined], // cgroup v1: no limit
    ["", undefined],
    ["0", undefined],
  ])("%j → %s MB", (text, mb) => {
    expect(parseCgroupLimit(text)).toBe(mb);
  });
});

describe("cgroupMemoryLimitMb", () => {
  it("reads the first cgroup file that exists", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-cgroup-"));
    const v1 = path.join(dir, "memory.limit_in_bytes");
    fs.writeFileSync(v1, "805306368\n");
    expect(cgroupMemoryLimitMb([path.join(dir, "memory.max"), v1])).toBe(768);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is undefined outside a limited cgroup", () => {
    expect(cgroupMemoryLimitMb(["/nonexistent/memory.max"])).toBeUndefined();
  });
});

describe("sampleMemory", () => {
  it("reports this process in whole MB with the WASM heap it is given", () => {
    const m = sampleMemory(128 * 1024 * 1024);
    expect(m.wasm_mb).toBe(128);
    expect(m.rss_mb).toBeGreaterThan(m.heap_used_mb);
    expect(Number.isInteger(m.rss_mb)).toBe(true);
  });
});
