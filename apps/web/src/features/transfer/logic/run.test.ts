import { describe, expect, it } from "vitest";
import type { ImportRun } from "@mnemo/contracts";
import { isActive, percent, previewSummary, statusLine } from "./run";

const run = (o: Partial<ImportRun>): ImportRun => ({
  id: "r",
  format: "bookmarks_html",
  file_name: "b.html",
  dry_run: false,
  status: "running",
  total: 200,
  processed: 50,
  created: 40,
  duplicates: 10,
  failed: 0,
  planned: { links: 200, notes: 0, files: 0, collections: 3, chats: 0 },
  sample: [],
  errors: [],
  message: null,
  created_at: "",
  updated_at: "",
  ...o,
});

describe("import run wording", () => {
  it("says what a preview found", () => {
    expect(previewSummary(run({ status: "previewed", duplicates: 1 }))).toBe(
      "200 links, 3 new collections to import; 1 item already saved will be skipped.",
    );
    expect(
      previewSummary(
        run({ planned: { links: 0, notes: 1, files: 0, collections: 0, chats: 0 }, duplicates: 0 }),
      ),
    ).toBe("1 note to import.");
  });
  it("tracks progress and the end", () => {
    expect(isActive(run({}))).toBe(true);
    expect(percent(run({}))).toBe(25);
    expect(statusLine(run({}))).toBe("Importing 50 of 200…");
    expect(statusLine(run({ status: "done", created: 1, duplicates: 2, failed: 0 }))).toBe(
      "Imported 1 memory into 3 new collections; skipped 2 duplicates; 0 failed.",
    );
    expect(
      statusLine(
        run({
          status: "done",
          created: 0,
          duplicates: 4,
          planned: { links: 0, notes: 0, files: 0, collections: 0, chats: 0 },
        }),
      ),
    ).toBe("Imported 0 memories; skipped 4 duplicates; 0 failed.");
    expect(statusLine(run({ status: "failed", message: "The file could not be read." }))).toBe(
      "The file could not be read.",
    );
    expect(isActive(run({ status: "done" }))).toBe(false);
  });
});
