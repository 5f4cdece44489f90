import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const verifyIndexing = vi.fn();
vi.mock("../api/verify-indexing", () => ({ verifyIndexing }));
vi.mock("../api/get-source", () => ({ getSource: vi.fn(async () => ({ title: "Saved title" })) }));

const { applyIndexingEvent, wakeIndexingTracker } = await import("./indexing-tracker.ts");
const { uploadStore } = await import("./upload-store.ts");

const item = (key: string, serverId: string, status: "uploading" | "indexing") => ({
  key,
  kind: "file" as const,
  title: `${key}.pdf`,
  serverId,
  serverType: "file",
  status,
  notify: true,
  inDialog: false,
});
const statusOf = (key: string) => uploadStore.findItem(key)?.status;

beforeEach(() => {
  uploadStore.reset();
  verifyIndexing.mockResolvedValue([]);
});
afterEach(() => uploadStore.reset());

describe("live indexing events (the stream instead of polling)", () => {
  it("settle the item waiting on that memory, and only it", () => {
    uploadStore.set({ items: [item("a", "m-a", "indexing"), item("b", "m-b", "indexing")] });
    applyIndexingEvent({ id: "m-a", type: "file", indexing_status: "indexing" });
    expect(statusOf("a")).toBe("indexing");
    applyIndexingEvent({ id: "m-a", type: "file", indexing_status: "success" });
    expect(statusOf("a")).toBe("success");
    expect(statusOf("b")).toBe("indexing");
  });

  it("keep a result that arrives before its item waits, and apply it when the item starts indexing", () => {
    uploadStore.set({ items: [item("c", "m-c", "uploading")] });
    applyIndexingEvent({ id: "m-c", type: "file", indexing_status: "success" });
    expect(statusOf("c")).toBe("uploading");
    uploadStore.updateItem("c", { status: "indexing" });
    wakeIndexingTracker();
    expect(statusOf("c")).toBe("success");
  });

  it("ask the server for the reason when a memory failed", async () => {
    uploadStore.set({ items: [item("d", "m-d", "indexing")] });
    verifyIndexing.mockResolvedValue([
      { id: "m-d", type: "file", indexing_status: "errored", error: "The file could not be read." },
    ]);
    applyIndexingEvent({ id: "m-d", type: "file", indexing_status: "errored" });
    await vi.waitFor(() => expect(statusOf("d")).toBe("errored"));
    expect(uploadStore.findItem("d")?.error).toBe("The file could not be read.");
  });
});
