// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { IndexingLedgerResponse, LedgerResponse } from "@mnemo/contracts";
import { connectedAccount, integration } from "@/test/factories";
import { renderScreen, scriptServer } from "@/test/render";
import { SyncLedgerPage } from "./sync-ledger-page";

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const id = "7d1c0f5e-2222-4333-8444-555566667777";
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const account = connectedAccount("webdav", id, {
  title: "Docs (ada)",
  sync: {
    state: "idle",
    last_sync_at: minutesAgo(5),
    items_synced: 501,
    problems: 78,
    indexing: 0,
    last_error: null,
  },
});
const broken = {
  id: "s-broken",
  title: "Broken.pdf",
  status: "errored" as const,
  reason: "This PDF could not be read: the file is damaged.",
};
const empty = {
  id: "s-empty",
  title: "Empty.txt",
  status: "errored" as const,
  reason: "This file is empty.",
};
const ledger: LedgerResponse = {
  account,
  last_success_at: minutesAgo(5),
  next_sync_at: new Date(Date.now() + 55 * 60_000).toISOString(),
  coverage: { total: 501, indexed: 423, failed: 3, skipped: 75, in_progress: 0 },
  problems: [broken, empty],
  runs: [
    {
      id: "r2",
      started_at: minutesAgo(6),
      finished_at: minutesAgo(5),
      outcome: "synced_with_problems",
      error: null,
      added: 3,
      unchanged: 498,
      removed: 1,
      failed: 3,
      items: [{ id: "s-report", title: "Report.docx", status: "success", reason: null }, broken, empty],
    },
    {
      id: "r1",
      started_at: minutesAgo(65),
      finished_at: minutesAgo(64),
      outcome: "error",
      error: "The WebDAV server refused the user name or password.",
      added: 0,
      unchanged: 0,
      removed: 0,
      failed: 0,
      items: [],
    },
  ],
};
const noCoverage = { total: 0, indexed: 0, failed: 0, skipped: 0, in_progress: 0 };
const emptyOrigin = (origin: "uploads" | "imports"): IndexingLedgerResponse => ({
  origin,
  coverage: noCoverage,
  problems: [],
  recent: [],
});
const apps = {
  "GET /api/user/get_available_applications": {
    body: { applications: [integration("webdav", "WebDAV files", { auth_kind: "credentials" })] },
  },
  "GET /api/indexing/ledger?origin=uploads": { body: emptyOrigin("uploads") },
  "GET /api/indexing/ledger?origin=imports": { body: emptyOrigin("imports") },
};

const tooLarge = "This file is larger than the 25 MB upload limit.";
const brokenUpload = {
  id: "u-broken",
  title: "Scan.pdf",
  status: "errored" as const,
  reason: "Something went wrong. Retry uploading the document.",
};
const hugeUpload = {
  id: "u-huge",
  title: "Huge.pdf",
  status: "errored" as const,
  reason: tooLarge,
  skipped: true,
};
const uploads: IndexingLedgerResponse = {
  origin: "uploads",
  coverage: { total: 4, indexed: 2, failed: 1, skipped: 1, in_progress: 0 },
  problems: [brokenUpload, hugeUpload],
  recent: [
    { id: "u-notes", title: "Notes.md", status: "success", reason: null },
    // The server marks only the problems skipped; the page marks the latest the same.
    { ...hugeUpload, skipped: undefined },
    brokenUpload,
    { id: "u-link", title: "Tides — Wikipedia", status: "success", reason: null },
  ],
};

describe("Settings → Sync and indexing (issue 43)", () => {
  it("shows coverage, each failed memory with its reason and the runs, expandable to their items", async () => {
    scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [account] } },
      [`GET /api/apps/ledger?connection_id=${id}`]: { body: ledger },
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Docs (ada)" });
    expect(within(card).getByText("WebDAV files")).toBeTruthy();
    expect(await within(card).findByText("423 of 501 indexed, 3 failed, 75 skipped: too large")).toBeTruthy();
    expect(within(card).getByText("Last successful sync").nextElementSibling?.textContent).toBe(
      "5 minutes ago",
    );
    expect(within(card).getByText("Next sync").nextElementSibling?.textContent).toBe("in 55 minutes");

    const problems = within(card).getByRole("list", { name: "Failed memories of Docs (ada)" });
    const rows = within(problems).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Broken.pdfThis PDF could not be read: the file is damaged.Retry",
      "Empty.txtThis file is empty.Retry",
    ]);
    expect(within(card).getByRole("heading", { name: "Failed memories (2)" })).toBeTruthy();

    const runs = within(card).getByRole("list", { name: "Sync runs of Docs (ada)" });
    const [latest, first] = within(runs).getAllByRole("button");
    expect(latest!.textContent).toContain("Synced with 3 problems");
    expect(latest!.textContent).toContain("3 added, 498 unchanged, 1 removed, 3 failed");
    expect(first!.textContent).toContain("Failed: The WebDAV server refused the user name or password.");
    expect(latest!.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(latest!);
    expect(latest!.getAttribute("aria-expanded")).toBe("true");
    const items = within(runs).getByRole("list", { name: "Memories of this run" });
    expect(
      within(items)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Report.docxIndexed",
      "Broken.pdfFailed: This PDF could not be read: the file is damaged.",
      "Empty.txtFailed: This file is empty.",
    ]);
  });

  it("retries one failed memory, then all, and reads the ledger again", async () => {
    let ledgerReads = 0;
    const calls = scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [account] } },
      [`GET /api/apps/ledger?connection_id=${id}`]: () => {
        ledgerReads += 1;
        return { body: ledger };
      },
      "POST /api/apps/retry_failed": (body) => ({
        body: { retried: (body as { source_id?: string }).source_id ? 1 : 2, account },
      }),
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Docs (ada)" });
    fireEvent.click(await within(card).findByRole("button", { name: "Retry Broken.pdf" }));
    expect(await screen.findByText("Retrying 1 memory. A sync has started.")).toBeTruthy();
    await waitFor(() => expect(ledgerReads).toBeGreaterThanOrEqual(2));
    const readsAfterOne = ledgerReads;
    fireEvent.click(within(card).getByRole("button", { name: "Retry all failed" }));
    expect(await screen.findByText("Retrying 2 memories. A sync has started.")).toBeTruthy();
    await waitFor(() => expect(ledgerReads).toBeGreaterThan(readsAfterOne));
    expect(calls.filter((c) => c.key === "POST /api/apps/retry_failed").map((c) => c.body)).toEqual([
      { connection_id: id, source_id: "s-broken" },
      { connection_id: id },
    ]);
  });

  it("polls while the account syncs and stops once it is idle", async () => {
    const syncing = {
      ...ledger,
      account: { ...account, sync: { ...account.sync, state: "running" as const } },
    };
    const answers = [
      syncing,
      syncing,
      { ...ledger, problems: [empty], coverage: { ...ledger.coverage, indexed: 424, failed: 2 } },
    ];
    let reads = 0;
    scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [account] } },
      [`GET /api/apps/ledger?connection_id=${id}`]: () => ({
        body: answers[Math.min(reads++, answers.length - 1)],
      }),
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Docs (ada)" });
    expect(await within(card).findByText("Syncing and indexing…")).toBeTruthy();
    expect(
      await within(card).findByText("424 of 501 indexed, 2 failed, 75 skipped: too large", undefined, {
        timeout: 8000,
      }),
    ).toBeTruthy();
    expect(within(card).queryByText("Syncing and indexing…")).toBeNull();
    const settled = reads;
    await new Promise((r) => setTimeout(r, 2500));
    expect(reads).toBe(settled);
  }, 15_000);

  it("shows the uploads' coverage, their failed and skipped memories and the latest; imports say when empty", async () => {
    scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [] } },
      "GET /api/indexing/ledger?origin=uploads": { body: uploads },
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Uploads" });
    expect(within(card).getByText("Files and links you saved here.")).toBeTruthy();
    expect((await within(card).findByTestId("coverage")).textContent).toBe(
      "2 of 4 indexed, 1 failed, 1 skipped: too large",
    );
    const problems = within(card).getByRole("list", { name: "Failed memories of Uploads" });
    expect(
      within(problems)
        .getAllByRole("listitem")
        .map((r) => r.textContent),
    ).toEqual([
      "Scan.pdfSomething went wrong. Retry uploading the document.Retry",
      `Huge.pdf${tooLarge}Skipped`,
    ]);
    // The oversized file has no Retry: it was never read.
    expect(within(card).queryByRole("button", { name: "Retry Huge.pdf" })).toBeNull();
    expect(within(card).getByRole("button", { name: "Retry Scan.pdf" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Retry all failed" })).toBeTruthy();

    // The latest, closed until opened, each with its state.
    const latest = within(card).getByRole("button", { name: "Latest (4)" });
    expect(latest.getAttribute("aria-expanded")).toBe("false");
    expect(within(card).queryByRole("list", { name: "Latest memories of Uploads" })).toBeNull();
    fireEvent.click(latest);
    expect(latest.getAttribute("aria-expanded")).toBe("true");
    const list = within(card).getByRole("list", { name: "Latest memories of Uploads" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Notes.mdIndexed",
      `Huge.pdfSkipped: ${tooLarge}`,
      "Scan.pdfFailed: Something went wrong. Retry uploading the document.",
      "Tides — WikipediaIndexed",
    ]);

    const imports = screen.getByRole("region", { name: "Imports" });
    expect(await within(imports).findByText("Nothing imported yet.")).toBeTruthy();
    expect(within(imports).queryByTestId("coverage")).toBeNull();
  });

  it("says Nothing uploaded yet for an empty uploads ledger", async () => {
    scriptServer({ ...apps, "GET /api/user/get_connected_applications": { body: { accounts: [] } } });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Uploads" });
    expect(await within(card).findByText("Nothing uploaded yet.")).toBeTruthy();
  });

  it("retries a failed upload, polls while it indexes and stops once it is done", async () => {
    const indexing: IndexingLedgerResponse = {
      ...uploads,
      coverage: { ...uploads.coverage, failed: 0, in_progress: 1 },
      problems: [hugeUpload],
    };
    const done: IndexingLedgerResponse = {
      ...uploads,
      coverage: { ...uploads.coverage, indexed: 3, failed: 0 },
      problems: [hugeUpload],
    };
    let retried = false;
    let reads = 0;
    const calls = scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [] } },
      "GET /api/indexing/ledger?origin=uploads": () => {
        reads += 1;
        // Read once after the retry while it indexes, then done.
        if (!retried) return { body: uploads };
        return { body: reads <= 3 ? indexing : done };
      },
      "POST /api/indexing/retry_failed": () => {
        retried = true;
        return { body: { retried: 1 } };
      },
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Uploads" });
    fireEvent.click(await within(card).findByRole("button", { name: "Retry Scan.pdf" }));
    expect(await screen.findByText("Retrying 1 memory.")).toBeTruthy();
    expect(await within(card).findByText("Indexing…")).toBeTruthy();
    expect(within(card).getByTestId("coverage").textContent).toBe(
      "2 of 4 indexed, 1 skipped: too large, 1 in progress",
    );
    expect(
      await within(card).findByText("3 of 4 indexed, 1 skipped: too large", undefined, { timeout: 8000 }),
    ).toBeTruthy();
    expect(within(card).queryByText("Indexing…")).toBeNull();
    // Only the oversized file is left: nothing to retry.
    expect(within(card).queryByRole("button", { name: "Retry all failed" })).toBeNull();
    expect(within(card).getByText("Skipped")).toBeTruthy();
    expect(calls.filter((c) => c.key === "POST /api/indexing/retry_failed").map((c) => c.body)).toEqual([
      { origin: "uploads", source_id: "u-broken" },
    ]);
    const settled = reads;
    await new Promise((r) => setTimeout(r, 2500));
    expect(reads).toBe(settled);
  }, 15_000);

  it("retries all failed imports at once", async () => {
    const failedImport = {
      id: "i-1",
      title: "Old note.md",
      status: "errored" as const,
      reason: "This file is empty.",
    };
    const imported: IndexingLedgerResponse = {
      origin: "imports",
      coverage: { total: 3, indexed: 2, failed: 1, skipped: 0, in_progress: 0 },
      problems: [failedImport],
      recent: [failedImport],
    };
    const calls = scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [] } },
      "GET /api/indexing/ledger?origin=imports": { body: imported },
      "POST /api/indexing/retry_failed": { body: { retried: 1 } },
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Imports" });
    expect(await within(card).findByText("2 of 3 indexed, 1 failed")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Retry all failed" }));
    expect(await screen.findByText("Retrying 1 memory.")).toBeTruthy();
    expect(calls.filter((c) => c.key === "POST /api/indexing/retry_failed").map((c) => c.body)).toEqual([
      { origin: "imports" },
    ]);
  });

  it("re-indexes every memory of an account after a confirmation, then follows the indexing", async () => {
    let reindexed = false;
    let reads = 0;
    const reindexing = { ...ledger, coverage: { ...ledger.coverage, indexed: 0, in_progress: 423 } };
    const calls = scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [account] } },
      [`GET /api/apps/ledger?connection_id=${id}`]: () => {
        if (reindexed) reads += 1;
        return { body: reindexed && reads <= 2 ? reindexing : ledger };
      },
      "POST /api/apps/reindex": () => {
        reindexed = true;
        return { body: { reindexed: 426, account } };
      },
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Docs (ada)" });
    fireEvent.click(await within(card).findByRole("button", { name: "Re-index all of Docs (ada)" }));
    const dialog = await screen.findByRole("dialog", { name: "Re-index all of Docs (ada)?" });
    expect(dialog.textContent).toContain("reads all 501 of its memories again");
    // Cancel leaves everything as it was.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.key === "POST /api/apps/reindex")).toBe(false);

    fireEvent.click(within(card).getByRole("button", { name: "Re-index all of Docs (ada)" }));
    const again = await screen.findByRole("dialog", { name: "Re-index all of Docs (ada)?" });
    fireEvent.click(within(again).getByRole("button", { name: "Re-index all" }));
    expect(await screen.findByText("Re-indexing 426 memories.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.key === "POST /api/apps/reindex").map((c) => c.body)).toEqual([
      { connection_id: id },
    ]);
    expect(await within(card).findByText("Syncing and indexing…")).toBeTruthy();
    expect(
      await within(card).findByText("423 of 501 indexed, 3 failed, 75 skipped: too large", undefined, {
        timeout: 8000,
      }),
    ).toBeTruthy();
    expect(within(card).queryByText("Syncing and indexing…")).toBeNull();
  }, 15_000);

  it("shows an account's oversized file as Skipped, and no Retry all failed when only skipped remain", async () => {
    const huge = {
      id: "s-huge",
      title: "Video.mov",
      status: "errored" as const,
      reason: tooLarge,
      skipped: true,
    };
    scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { body: { accounts: [account] } },
      [`GET /api/apps/ledger?connection_id=${id}`]: {
        body: {
          ...ledger,
          coverage: { total: 3, indexed: 2, failed: 0, skipped: 1, in_progress: 0 },
          problems: [huge],
        },
      },
    });
    renderScreen(<SyncLedgerPage />);
    const card = await screen.findByRole("region", { name: "Docs (ada)" });
    const problems = await within(card).findByRole("list", { name: "Failed memories of Docs (ada)" });
    expect(within(problems).getByRole("listitem").textContent).toBe(`Video.mov${tooLarge}Skipped`);
    expect(within(card).queryByRole("button", { name: "Retry Video.mov" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Retry all failed" })).toBeNull();
    expect(within(card).getByText("2 of 3 indexed, 1 skipped: too large")).toBeTruthy();
  });

  it("says when no app is connected yet, with a way to connect one", async () => {
    scriptServer({ ...apps, "GET /api/user/get_connected_applications": { body: { accounts: [] } } });
    renderScreen(<SyncLedgerPage />);
    expect(await screen.findByRole("heading", { name: "No connected apps yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Connect an app" }).getAttribute("href")).toBe(
      "/settings#integrations",
    );
  });

  it("offers to try again when the accounts cannot be loaded", async () => {
    scriptServer({
      ...apps,
      "GET /api/user/get_connected_applications": { status: 500, body: { error: "boom" } },
    });
    renderScreen(<SyncLedgerPage />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Connected apps could not be loaded.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
