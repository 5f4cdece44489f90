import fs from "node:fs";

const MB = 1024 * 1024;

/** Where this process's memory goes, in MB (what `bench footprint` and the memory guard read). */
export type MemorySample = {
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  /** PGlite's WebAssembly memory (embedded mode): Postgres's shared buffers, caches, work memory. */
  wasm_mb: number;
  /** Buffers and typed arrays outside the V8 heap (request bodies, fetched pages, tarballs). */
  array_buffers_mb: number;
  /** Memory V8 tracks outside its heap (array buffers and the WASM memory included). */
  external_mb: number;
};

/** One sample of this process's memory; `wasmBytes` is PGlite's heap size when there is one. */
export function sampleMemory(wasmBytes = 0): MemorySample {
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / MB);
  return {
    rss_mb: mb(m.rss),
    heap_used_mb: mb(m.heapUsed),
    heap_total_mb: mb(m.heapTotal),
    wasm_mb: mb(wasmBytes),
    array_buffers_mb: mb(m.arrayBuffers),
    external_mb: mb(m.external),
  };
}

/**
 * A cgroup memory limit as the files hold it (v2 `memory.max`, v1 `memory.limit_in_bytes`), in
 * MB; undefined when unlimited ("max", or v1's page-rounded huge number).
 */
export function parseCgroupLimit(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return undefined;
  const bytes = Number(value);
  // cgroup v1 reports "no limit" as the largest page-aligned 63-bit value (~8 EiB).
  if (bytes <= 0 || bytes >= 2 ** 60) return undefined;
  return Math.floor(bytes / MB);
}

const cgroupFiles = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"];

/** This container's memory limit in MB, if it has one. */
export function cgroupMemoryLimitMb(files: readonly string[] = cgroupFiles): number | undefined {
  for (const file of files) {
    try {
      return parseCgroupLimit(fs.readFileSync(file, "utf8"));
    } catch {
      // not this cgroup version
    }
  }
  return undefined;
}
