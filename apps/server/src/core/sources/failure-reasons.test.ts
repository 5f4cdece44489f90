import { describe, expect, it } from "vitest";
import { fileFailureReason, isSyncedOrImported } from "./failure-reasons.ts";

const extract = (reason: Parameters<typeof fileFailureReason>[0] & { kind: "extract" }) =>
  fileFailureReason(reason);

describe("why a synced or imported file did not index (issue 43)", () => {
  it("names a damaged file by its kind", () => {
    expect(
      extract({
        kind: "extract",
        reason: "corrupt",
        message: "The PDF is unreadable: InvalidPDFException: Invalid PDF structure.",
        fileName: "Broken.pdf",
      }),
    ).toBe("This PDF could not be read: the file is damaged.");
    expect(extract({ kind: "extract", reason: "corrupt", message: "", fileName: "Deck.PPTX" })).toBe(
      "This presentation could not be read: the file is damaged.",
    );
    expect(extract({ kind: "extract", reason: "corrupt", message: "", fileName: "noext" })).toBe(
      "This file could not be read: the file is damaged.",
    );
  });

  it("says an empty file is empty and an oversized one is over the server's limit", () => {
    expect(fileFailureReason({ kind: "empty" })).toBe("This file is empty.");
    expect(fileFailureReason({ kind: "over_limit", limitMb: 25 })).toBe(
      "This file is larger than the 25 MB this server indexes.",
    );
  });

  it("tells an unsupported type from a password-protected PDF, and the server's own limits", () => {
    expect(
      extract({
        kind: "extract",
        reason: "unsupported",
        message: "Unsupported file type.",
        fileName: "a.pdf",
      }),
    ).toBe("This file type is not supported.");
    expect(
      extract({
        kind: "extract",
        reason: "unsupported",
        message: "The PDF is password-protected.",
        fileName: "a.pdf",
      }),
    ).toBe("This PDF is password-protected. Remove the password to index it.");
    expect(
      extract({ kind: "extract", reason: "too_large", message: "The PDF has 3000 pages", fileName: "a.pdf" }),
    ).toBe("This file is too large for this server to read (too many pages, entries or pixels).");
    for (const reason of ["timeout", "resource_limit"] as const)
      expect(extract({ kind: "extract", reason, message: "", fileName: "a.pdf" })).toBe(
        "This file took too long to read on this server.",
      );
  });

  it("applies to memories from a connected app or an import, not to uploads", () => {
    expect(isSyncedOrImported({ app: "webdav", connectedAccountId: "a1", meta: {} })).toBe(true);
    expect(
      isSyncedOrImported({ app: null, connectedAccountId: null, meta: { upload_source: "import" } }),
    ).toBe(true);
    expect(isSyncedOrImported({ app: null, connectedAccountId: null, meta: { source: "file" } })).toBe(false);
  });
});
