// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { collectionMessages, type ImportRun } from "@mnemo/contracts";
import { RunCard } from "./transfer-section";

const limit = collectionMessages.importedWithoutCollection({
  name: "Coffee",
  reason: collectionMessages.collectionLimitReached({ plan: "Free", n: 3 }),
});

const run = (o: Partial<ImportRun>): ImportRun => ({
  id: "r",
  format: "bookmarks_html",
  file_name: "bookmarks.html",
  dry_run: true,
  status: "previewed",
  total: 6,
  processed: 0,
  created: 0,
  duplicates: 2,
  failed: 1,
  planned: { links: 3, notes: 0, files: 0, collections: 1, chats: 0 },
  sample: [],
  errors: [
    { item: "Report", message: "Direct file links are not supported." },
    { item: "Espresso guide", message: limit, note: true },
  ],
  message: null,
  created_at: "",
  updated_at: "",
  ...o,
});

afterEach(cleanup);

describe("import run card (issue 41: bookmark import misfiles)", () => {
  it("a preview offers what it counted, and lists each item's reason apart from failures", () => {
    render(<RunCard run={run({})} onStart={() => {}} starting={false} />);
    expect(
      screen.getByText("3 links, 1 new collection to import; 2 items already saved will be skipped."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Import 3 items" })).toBeTruthy();
    const failures = screen.getByText("1 item will not be imported").closest("details")!;
    expect(failures.textContent).toContain("Report: Direct file links are not supported.");
    expect(failures.textContent).not.toContain("Espresso guide");
    const notes = screen.getByText("1 item will be saved with a note").closest("details")!;
    expect(notes.textContent).toContain(`Espresso guide: ${limit}`);
  });

  it("a preview of links all saved already offers nothing to import", () => {
    render(
      <RunCard
        run={run({
          planned: { links: 0, notes: 0, files: 0, collections: 0, chats: 0 },
          errors: [],
          failed: 0,
          total: 4,
          duplicates: 4,
        })}
        onStart={() => {}}
        starting={false}
      />,
    );
    expect(screen.getByText("Nothing to import; 4 items already saved will be skipped.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Import 0 items" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the result says the same counts and keeps the per-item reasons", () => {
    render(
      <RunCard
        run={run({ status: "done", dry_run: false, processed: 6, created: 3 })}
        onStart={() => {}}
        starting={false}
      />,
    );
    expect(
      screen.getByText("Imported 3 memories into 1 new collection; skipped 2 duplicates; 1 failed."),
    ).toBeTruthy();
    expect(screen.getByText("1 item saved with a note").closest("details")!.textContent).toContain(limit);
    expect(screen.getByText("1 item not imported")).toBeTruthy();
  });
});
