import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";

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

/** Resident memory of another process in MB, from `/proc` (Linux); 0 elsewhere or once it has gone. */
export function processRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

let gc: (() => void) | undefined;

/**
 * A full garbage collection now. V8 collects lazily while its heap is far from its limit, and
 * array buffers dropped in bulk (a first start's unpacked data dir: ~120 MB) can stay resident
 * for minutes. `gc` is exposed for this one function (`--expose-gc` on the command line when
 * given, otherwise taken from a fresh context and the flag switched back off).
 */
export function collectGarbage(): void {
  gc ??=
    (globalThis as { gc?: () => void }).gc ??
    (() => {
      v8.setFlagsFromString("--expose-gc");
      try {
        return vm.runInNewContext("gc") as () => void;
      } finally {
        v8.setFlagsFromString("--no-expose-gc");
      }
    })();
  gc();
}
