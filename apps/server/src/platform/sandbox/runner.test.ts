import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixture } from "../../core/ingest/extractors/fixtures.ts";
import { runExtraction } from "../../core/ingest/extractors/sandboxed.ts";
import { limitSandboxMemory, sandboxEnv, sandboxHeapCeilingMb, stopExtractionProcesses } from "./runner.ts";
import { ExtractError } from "../../core/ingest/extractors/types.ts";

afterAll(() => stopExtractionProcesses());

async function failure(promise: Promise<unknown>): Promise<ExtractError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExtractError);
  return err as ExtractError;
}

describe("runExtraction (separate process, time and memory limits)", () => {
  it("extracts a document in the sandbox", async () => {
    const r = await runExtraction(fixture("sample.docx"));
    expect(r.title).toBe("Field Survey Report");
    expect(r.markdown).toContain("| Upper pond | 7.2 | low |");
  });

  it.each([
    ["a zip-bomb DOCX", "too_large", "zip-bomb.docx"],
    ["a 5,000-page PDF", "too_large", "pages-5000.pdf"],
    ["a truncated PDF", "corrupt", "truncated.pdf"],
    ["a binary file named .txt", "corrupt", "binary.txt"],
  ])("%s ends as %s", async (_label, reason, file) => {
    expect((await failure(runExtraction(fixture(file)))).reason).toBe(reason);
  });

  it("survives the zip bomb inflating past the heap limit when the zip guard is lifted", async () => {
    const err = await failure(
      runExtraction(fixture("zip-bomb.docx"), {
        maxUnzippedBytes: Number.MAX_SAFE_INTEGER,
        maxOldGenerationMb: 96,
      }),
    );
    expect(err.reason).toBe("resource_limit");
    // The test process is still here and the next job gets a fresh sandbox.
    const next = await runExtraction(fixture("sample.txt"), { maxOldGenerationMb: 96 });
    expect(next.text).toContain("Beacon Point");
  });

  it("kills an extraction that runs past its time limit", async () => {
    const err = await failure(
      runExtraction(fixture("pages-5000.pdf"), { maxPages: 10_000, timeoutMs: 1_500 }),
    );
    expect(err.reason).toBe("timeout");
    expect((await runExtraction(fixture("sample.csv"))).csv).toContain("Reykjavik");
  });

  it("caps the output", async () => {
    const r = await runExtraction(fixture("multipage.pdf"), { maxOutputChars: 1_000 });
    expect(r.markdown).toHaveLength(1_000);
    expect(r.warnings.some((w) => w.includes("cut to 1000 characters"))).toBe(true);
  });

  it("brings back a long text whole (it travels in parts) and the next task's short one", async () => {
    const lines = Array.from(
      { length: 30_000 },
      (_, i) => `Ledger line ${i}: crate ${i * 7} left harbour ünd 港.`,
    );
    const text = lines.join("\n");
    const bytes = new TextEncoder().encode(text);
    const [long, short] = await Promise.all([
      runExtraction({ bytes, name: "ledger.txt" }),
      runExtraction(fixture("sample.txt")),
    ]);
    expect(long.text.length).toBeGreaterThan(3 * 256 * 1024);
    expect(long.text).toContain(lines[0]);
    expect(long.text).toContain(lines[29_999]);
    expect(long.text.split("\n")).toHaveLength(30_000);
    expect(short.text).toContain("Beacon Point");
  });

  it("runs several extractions at once", async () => {
    const results = await Promise.all(
      ["sample.md", "sample.html", "sample.xlsx"].map((file) => runExtraction(fixture(file))),
    );
    expect(results.map((r) => r.kind)).toEqual(["md", "html", "xlsx"]);
  });
});

describe("the sandbox and the compile cache", () => {
  it("hands the server's compile cache folder down to the sandbox, and none when it is off", () => {
    const env = sandboxEnv("/var/cache/mnemo/v24.9.0-x64-ef5a0af0-0");
    expect(env.NODE_COMPILE_CACHE).toBe("/var/cache/mnemo");
    expect(sandboxEnv(undefined)).toBe(process.env);
  });

  it("writes the modules it compiled to the cache before it is ended by a signal", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-cc-"));
    const before = process.env.NODE_COMPILE_CACHE;
    stopExtractionProcesses();
    process.env.NODE_COMPILE_CACHE = dir;
    try {
      const r = await runExtraction(fixture("sample.docx"));
      expect(r.title).toBe("Field Survey Report");
      stopExtractionProcesses();
      const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
      // Without the write the folder stays empty: Node writes its cache at a normal exit only.
      expect(files.length).toBeGreaterThan(0);
    } finally {
      if (before === undefined) delete process.env.NODE_COMPILE_CACHE;
      else process.env.NODE_COMPILE_CACHE = before;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** This process's sandbox children, with their command lines (Linux /proc). */
function sandboxChildren(): { pid: number; args: string[] }[] {
  const out: { pid: number; args: string[] }[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== process.pid) continue;
      const args = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (args.some((a) => a.includes("extract-process"))) out.push({ pid: Number(name), args });
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}

describe.runIf(process.platform === "linux")("the sandbox under a memory limit", () => {
  it("sizes the sandbox heap to the memory limit: 3/8 of it, 128–512 MB, 512 without a limit", () => {
    expect(sandboxHeapCeilingMb(undefined)).toBe(512);
    expect(sandboxHeapCeilingMb(512)).toBe(192);
    expect(sandboxHeapCeilingMb(1024)).toBe(384);
    expect(sandboxHeapCeilingMb(8192)).toBe(512);
    expect(sandboxHeapCeilingMb(200)).toBe(128);
  });

  it("starts sandboxes within the ceiling, and the kernel's OOM killer picks them before the server", async () => {
    stopExtractionProcesses();
    limitSandboxMemory(512);
    try {
      const job = runExtraction(fixture("sample.docx"));
      expect((await job).title).toBe("Field Survey Report");
      const [child] = sandboxChildren();
      expect(child.args).toContain("--max-old-space-size=192");
      expect(fs.readFileSync(`/proc/${child.pid}/oom_score_adj`, "utf8").trim()).toBe("1000");
    } finally {
      limitSandboxMemory(undefined);
      stopExtractionProcesses();
    }
  });

  it("under a memory limit, reads a PDF in a process without --optimize-for-size, others with it", async () => {
    stopExtractionProcesses();
    limitSandboxMemory(1024);
    // Processes just ended may still be listed for a moment.
    const ended = new Set(sandboxChildren().map((c) => c.pid));
    try {
      expect((await runExtraction(fixture("sample.docx"))).title).toBe("Field Survey Report");
      const [docx] = sandboxChildren().filter((c) => !ended.has(c.pid));
      expect(docx.args).toContain("--optimize-for-size");
      expect((await runExtraction(fixture("multipage.pdf"))).meta.pages).toBe(120);
      const pdf = sandboxChildren().find((c) => c.pid !== docx.pid && !ended.has(c.pid));
      expect(pdf?.args).not.toContain("--optimize-for-size");
      // Each kind goes back to its own warm process.
      expect((await runExtraction(fixture("sample.docx"))).title).toBe("Field Survey Report");
      expect(
        sandboxChildren()
          .map((c) => c.pid)
          .filter((pid) => !ended.has(pid))
          .sort(),
      ).toEqual([docx.pid, pdf?.pid].sort());
    } finally {
      limitSandboxMemory(undefined);
      stopExtractionProcesses();
    }
  });

  it("without a memory limit, reads every document without --optimize-for-size", async () => {
    stopExtractionProcesses();
    // Processes just ended may still be listed for a moment.
    const ended = new Set(sandboxChildren().map((c) => c.pid));
    try {
      expect((await runExtraction(fixture("sample.docx"))).title).toBe("Field Survey Report");
      const [child] = sandboxChildren().filter((c) => !ended.has(c.pid));
      expect(child?.args).toContain("--max-semi-space-size=8");
      expect(child?.args).not.toContain("--optimize-for-size");
    } finally {
      stopExtractionProcesses();
    }
  });
});
