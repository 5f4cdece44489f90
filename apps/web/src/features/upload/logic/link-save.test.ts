import { describe, expect, it, vi } from "vitest";
import type { WebPageResult } from "@mnemo/contracts";
import { saveLinks, warningMessage, type LinkSaveDeps } from "./link-save.ts";

const ok = (link: string, id: string, warning: string | null = null): WebPageResult => ({
  link,
  id,
  status: "in_progress",
  warning,
});
const refused = (link: string, status: "error" | "blocked", message?: string): WebPageResult => ({
  link,
  id: null,
  status,
  warning: null,
  message,
});

describe("saveLinks", () => {
  it("accepted links go to indexing with their id", async () => {
    const deps: LinkSaveDeps = {
      upload: vi.fn<LinkSaveDeps["upload"]>(async (pages) => pages.map((p, i) => ok(p.link, `id${i}`))),
      fetchMetadata: vi.fn(),
    };
    expect(await saveLinks([{ link: "https://a.example/" }, { link: "https://b.example/" }], deps)).toEqual([
      { status: "indexing", id: "id0", warning: undefined },
      { status: "indexing", id: "id1", warning: undefined },
    ]);
    expect(deps.fetchMetadata).not.toHaveBeenCalled();
  });

  it("a blocked link is retried with its title, description and empty content, and succeeds", async () => {
    const upload = vi
      .fn<LinkSaveDeps["upload"]>()
      .mockResolvedValueOnce([refused("https://a.example/", "blocked", "x")])
      .mockResolvedValueOnce([ok("https://a.example/", "id9")]);
    const deps: LinkSaveDeps = {
      upload,
      fetchMetadata: async () => ({ title: "A", description: "About A" }),
    };
    expect(await saveLinks([{ link: "https://a.example/", note: "mine" }], deps)).toEqual([
      { status: "indexing", id: "id9", warning: undefined },
    ]);
    expect(upload.mock.calls[1][0]).toEqual([
      { link: "https://a.example/", note: "mine", title: "A", description: "About A", content: "" },
    ]);
  });

  it("reports 'Webpage not responding' only when the retry fails too", async () => {
    const upload = vi
      .fn<LinkSaveDeps["upload"]>()
      .mockResolvedValue([refused("https://a.example/", "blocked")]);
    const deps: LinkSaveDeps = { upload, fetchMetadata: async () => ({ title: "", description: "" }) };
    expect(await saveLinks([{ link: "https://a.example/" }], deps)).toEqual([
      { status: "blocked", message: "Webpage not responding. Use the chrome extension to save it." },
    ]);
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it("an unreachable page for metadata ends errored with the inline message", async () => {
    const deps: LinkSaveDeps = {
      upload: async () => [refused("https://a.example/", "error")],
      fetchMetadata: async () => {
        throw new Error("down");
      },
    };
    expect(await saveLinks([{ link: "https://a.example/" }], deps)).toEqual([
      { status: "errored", message: "Webpage not responding. Use the chrome extension to save it." },
    ]);
  });

  it("a duplicate keeps the server's message", async () => {
    const dup = "Memory already exists. Duplicate uploads are not allowed.";
    const deps: LinkSaveDeps = {
      upload: async () => [refused("https://a.example/", "error", dup)],
      fetchMetadata: async () => ({ title: "A", description: "" }),
    };
    expect(await saveLinks([{ link: "https://a.example/" }], deps)).toEqual([
      { status: "errored", message: dup },
    ]);
  });
});

describe("warningMessage", () => {
  it("empty_transcript reads 'No transcript found.'", () => {
    expect(warningMessage("empty_transcript")).toBe("No transcript found.");
    expect(warningMessage(null)).toBeUndefined();
  });
});
