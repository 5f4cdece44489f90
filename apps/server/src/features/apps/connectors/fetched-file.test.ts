import { describe, expect, it } from "vitest";
import { ConnectError, fetchedFile, type FetchedItem } from "./types.ts";

const about: FetchedItem["note"] = {
  kind: "file",
  key: "f1#about",
  title: "Report.pdf",
  description: "in Team",
  markdown: "# Report.pdf",
};

describe("a file fetched on request (preview, Add memory)", () => {
  it("is the memory itself when the app gave its text", () => {
    const note = { ...about, key: "f2", markdown: "Plain text" };
    expect(fetchedFile(note, () => about)).toEqual({ note, files: [] });
  });

  it("comes as a note about it with the binary file attached", () => {
    const blob = {
      kind: "blob" as const,
      key: "f1",
      filename: "Report.pdf",
      mimeType: "application/pdf",
      bytes: new Uint8Array([37, 80, 68, 70]),
    };
    expect(fetchedFile(blob, () => about)).toEqual({ note: about, files: [blob] });
  });

  it("cannot be read when the app has nothing Mnemo reads", () => {
    expect(() => fetchedFile(undefined, () => about)).toThrow(
      new ConnectError("Mnemo cannot read this kind of file."),
    );
    expect(() =>
      fetchedFile({ kind: "link", url: "https://example.com", title: "x", description: "" }, () => about),
    ).toThrow(ConnectError);
  });
});
