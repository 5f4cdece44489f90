import { describe, expect, it } from "vitest";
import type { SyncRun } from "@mnemo/contracts";
import {
  anyRetryable,
  coverageText,
  itemStateText,
  nextSyncText,
  reindexedText,
  retriedText,
  runCountsText,
  runOutcomeText,
  withSkipped,
} from "./ledger";

const run = (extra: Partial<SyncRun>): SyncRun => ({
  id: "r",
  started_at: "2026-12-01T10:00:00Z",
  finished_at: "2026-12-01T10:01:00Z",
  outcome: "synced",
  error: null,
  added: 2,
  unchanged: 5,
  removed: 0,
  failed: 0,
  items: [],
  ...extra,
});

describe("the sync ledger in words", () => {
  it("names coverage with the parts that are not 0", () => {
    expect(coverageText({ total: 501, indexed: 423, failed: 3, skipped: 75, in_progress: 0 })).toBe(
      "423 of 501 indexed, 3 failed, 75 skipped: too large",
    );
    expect(coverageText({ total: 4, indexed: 4, failed: 0, skipped: 0, in_progress: 0 })).toBe(
      "4 of 4 indexed",
    );
    expect(coverageText({ total: 4, indexed: 1, failed: 0, skipped: 0, in_progress: 3 })).toBe(
      "1 of 4 indexed, 3 in progress",
    );
  });

  it("names a run's outcome and counts", () => {
    expect(runOutcomeText(run({}))).toBe("Synced");
    expect(runOutcomeText(run({ outcome: "synced_with_problems", failed: 1 }))).toBe("Synced with 1 problem");
    expect(runOutcomeText(run({ outcome: "synced_with_problems", failed: 3 }))).toBe(
      "Synced with 3 problems",
    );
    expect(runOutcomeText(run({ outcome: "error", error: "The server is unreachable." }))).toBe(
      "Failed: The server is unreachable.",
    );
    expect(runCountsText(run({ failed: 1 }))).toBe("2 added, 5 unchanged, 0 removed, 1 failed");
  });

  it("names a memory's state and the next sync", () => {
    expect(itemStateText({ id: "a", title: "A", status: "success", reason: null })).toBe("Indexed");
    expect(itemStateText({ id: "a", title: "A", status: "errored", reason: "This file is empty." })).toBe(
      "Failed: This file is empty.",
    );
    const now = Date.parse("2026-12-01T10:00:00Z");
    expect(nextSyncText("2026-12-01T10:30:00Z", now)).toBe("in 30 minutes");
    expect(nextSyncText("2026-12-01T09:59:00Z", now)).toBe("Due now");
    expect(nextSyncText(null, now)).toBe("After the first sync");
  });

  it("tells a skipped memory (over the size limit) from a failed one", () => {
    const huge = { id: "h", title: "H", status: "errored" as const, reason: "Too large.", skipped: true };
    const broken = { id: "b", title: "B", status: "errored" as const, reason: "Damaged." };
    expect(itemStateText(huge)).toBe("Skipped: Too large.");
    expect(anyRetryable([huge])).toBe(false);
    expect(anyRetryable([huge, broken])).toBe(true);
    expect(anyRetryable([])).toBe(false);
    // The latest list carries the problems' skipped mark.
    expect(withSkipped([{ ...huge, skipped: undefined }, broken], [huge, broken])).toEqual([huge, broken]);
  });

  it("counts retries and re-indexing", () => {
    expect(retriedText(1)).toBe("Retrying 1 memory.");
    expect(retriedText(2, "A sync has started.")).toBe("Retrying 2 memories. A sync has started.");
    expect(reindexedText(0)).toBe("Nothing to re-index now.");
    expect(reindexedText(12)).toBe("Re-indexing 12 memories.");
  });
});
