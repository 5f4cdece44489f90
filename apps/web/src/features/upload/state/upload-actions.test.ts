import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const toast = vi.fn();
vi.mock("sonner", () => ({ toast }));
const getPresignedUrl = vi.fn();
const putFile = vi.fn();
const confirmUpload = vi.fn();
const uploadWebPages = vi.fn();
const verifyIndexing = vi.fn();
vi.mock("../api/get-presigned-url", () => ({ getPresignedUrl }));
vi.mock("../api/put-file", () => ({ putFile }));
vi.mock("../api/confirm-upload", () => ({ confirmUpload }));
vi.mock("../api/upload-web-pages", () => ({ uploadWebPages }));
vi.mock("../api/fetch-page-metadata", () => ({ fetchPageMetadata: vi.fn() }));
vi.mock("../api/verify-indexing", () => ({ verifyIndexing }));
vi.mock("../api/get-source", () => ({ getSource: vi.fn(async () => ({ title: "Saved title" })) }));

const { addFiles, addLinks, removeItem, saveMemories } = await import("./upload-actions.ts");
const { uploadStore, openUploadDialog } = await import("./upload-store.ts");

const items = () => uploadStore.get().items;
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  uploadStore.reset();
  vi.clearAllMocks();
  getPresignedUrl.mockResolvedValue({
    presigned_url: "/api/blob/k?sig=x",
    file_key: "u/f1",
    file_id: "file-0001",
  });
  confirmUpload.mockResolvedValue({ id: "file-0001", status: "in_progress" });
  verifyIndexing.mockResolvedValue([]);
});
afterEach(() => uploadStore.reset());

describe("file upload (presigned flow)", () => {
  it("goes idle → uploading (holding its id) → indexing, sending the x-amz-meta values", async () => {
    let finishPut: (ok: boolean) => void = () => undefined;
    putFile.mockImplementation(() => new Promise<boolean>((r) => (finishPut = r)));
    addFiles([new File(["hello"], "notes.md", { type: "text/markdown" })]);
    expect(items()[0]).toMatchObject({ status: "idle", title: "notes.md", serverType: "file" });
    await settle();
    expect(items()[0]).toMatchObject({ status: "uploading", serverId: "file-0001" });
    expect(getPresignedUrl.mock.calls[0][0]).toEqual({
      fileType: "md",
      metadata: { name_base64: "bm90ZXMubWQ=", type: "text/markdown", size: 5, source_type: "file" },
    });
    expect(putFile.mock.calls[0][2]).toEqual({
      nameBase64: "bm90ZXMubWQ=",
      type: "text/markdown",
      size: 5,
      sourceType: "file",
    });
    finishPut(true);
    await settle();
    await settle();
    expect(confirmUpload.mock.calls[0][0]).toMatchObject({
      file_id: "file-0001",
      upload_status: "success",
      is_reindex: false,
    });
    expect(items()[0].status).toBe("indexing");
  });

  it("a PUT that does not answer 200 is confirmed as failed and the row shows the server's message", async () => {
    putFile.mockResolvedValue(false);
    confirmUpload.mockRejectedValue(
      Object.assign(new Error("Failed to upload memory. Please try again."), { name: "ApiError" }),
    );
    addFiles([new File(["x"], "a.txt")]);
    await vi.waitFor(() => expect(items()[0].status).toBe("errored"));
    expect(confirmUpload.mock.calls[0][0].upload_status).toBe("failed");
    expect(items()[0].error).toBe("Failed to upload memory. Please try again.");
  });

  it("removing a row aborts its in-flight upload and the row is gone", async () => {
    let signal: AbortSignal | undefined;
    putFile.mockImplementation(
      (_u: string, _f: Blob, _m: unknown, s: AbortSignal) =>
        new Promise((_r, reject) => {
          signal = s;
          s.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    addFiles([new File(["x"], "a.txt")]);
    await vi.waitFor(() => expect(signal).toBeDefined());
    removeItem(items()[0].key);
    expect(signal?.aborted).toBe(true);
    await settle();
    expect(items()).toEqual([]);
    expect(confirmUpload).not.toHaveBeenCalled();
  });
});

describe("links and Save Memories", () => {
  it("accepted links go to indexing; Save Memories hands them to the card with the background toast", async () => {
    openUploadDialog();
    uploadWebPages.mockResolvedValue([
      { link: "https://a.example/", id: "src-1", status: "in_progress", warning: null },
    ]);
    await addLinks([{ link: "https://a.example/", note: "n" }]);
    expect(items()[0]).toMatchObject({
      status: "indexing",
      serverId: "src-1",
      note: "n",
      inDialog: true,
      notify: false,
    });
    saveMemories();
    expect(uploadStore.get()).toMatchObject({ dialogOpen: false, checking: true });
    expect(items()[0]).toMatchObject({ inDialog: false, notify: true });
    expect(toast).toHaveBeenCalledWith(
      "Uploading memories in the background. You'll be notified once it's done.",
      expect.anything(),
    );
  });

  it("Save Memories says nothing about the background when every item is already Added", async () => {
    openUploadDialog();
    uploadWebPages.mockResolvedValue([
      { link: "https://a.example/", id: "src-1", status: "in_progress", warning: null },
    ]);
    await addLinks([{ link: "https://a.example/" }]);
    uploadStore.updateItem(items()[0].key, { status: "success" });
    saveMemories();
    expect(items()[0]).toMatchObject({ inDialog: false, notify: true, status: "success" });
    expect(toast).not.toHaveBeenCalled();
  });
});
