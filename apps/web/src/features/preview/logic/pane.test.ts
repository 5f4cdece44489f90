import { describe, expect, it } from "vitest";
import { memories } from "@mnemo/contracts/constants";
import { choosePane, contentView, hasNotesTab, isPdfSource } from "./pane";

const web = (
  over: {
    url?: string | null;
    thumbnail_url?: string | null;
    iframe?: boolean | null;
    noShot?: boolean;
  } = {},
) => ({
  type: "webpage",
  url: over.url === undefined ? "https://example.com/a" : over.url,
  thumbnail_url: over.thumbnail_url ?? null,
  meta: {
    source: "webpage",
    status: "success" as const,
    owner: "a@b.c",
    collaborators: [],
    iframe_support: over.iframe ?? null,
    is_pinned: false,
    isCanvas: false,
    screenshot_unavailable: over.noShot,
  },
});

describe("choosePane", () => {
  it.each([
    [
      "frame when the site allows it",
      web({ iframe: true, thumbnail_url: "https://t/x.png" }),
      "preview",
      "iframe",
    ],
    [
      "stored screenshot when framing is refused",
      web({ iframe: false, thumbnail_url: "https://t/api/blob/u/screenshots/x.png?sig=1" }),
      "preview",
      "screenshot",
    ],
    [
      "a screenshot taken now when there is none (an og image is not one)",
      web({ iframe: false, thumbnail_url: "https://t/og.png" }),
      "preview",
      "take-screenshot",
    ],
    ["reader when neither frame nor URL", web({ iframe: false, url: null }), "preview", "reader"],
    [
      "reader when the server could not screenshot the page before",
      web({ iframe: false, noShot: true }),
      "preview",
      "reader",
    ],
    ["reader in focus mode", web({ iframe: true }), "focus", "reader"],
    ["video embed for YouTube", web({ url: "https://youtu.be/dQw4w9WgXcQ" }), "focus", "video"],
    ["content for files", { ...web(), type: "file" }, "preview", "content"],
    ["content for images", { ...web(), type: "image" }, "preview", "content"],
    ["page editor for pages", { ...web(), type: "page" }, "preview", "page"],
    ["canvas empty state", { ...web(), type: "canvas" }, "preview", "canvas"],
    ["fetched content for app results", { ...web(), type: "gmail" }, "preview", "app"],
  ] as const)("%s", (_n, source, mode, kind) => {
    expect(choosePane(source, mode).kind).toBe(kind);
  });
});

const empty = { text: null, markdown: null, html_base64: null, csv_base64: null, files: [], blocks: null };
const file = (mime: string) => ({ name: "f", url: "https://blob/f", mime_type: mime, size: 1 });
const id = (s: string) => `decoded:${s}`;

describe("contentView", () => {
  it.each([
    ["image files as images", "image", { ...empty, files: [file("image/png")], text: "ocr text" }, "image"],
    ["SVG never as an image", "file", { ...empty, files: [file("image/svg+xml")], text: "x" }, "text"],
    ["HTML in the sandbox", "file", { ...empty, html_base64: "PGI+", markdown: "b" }, "html"],
    ["CSV as a table", "file", { ...empty, csv_base64: "YSxi", markdown: "| a |" }, "csv"],
    ["office documents from Markdown", "file", { ...empty, markdown: "# Slide 1" }, "markdown"],
    ["plain text", "file", { ...empty, text: "hello" }, "text"],
    [
      "a .txt as text, not Markdown",
      "file",
      { ...empty, files: [file("text/plain")], markdown: "a\nb" },
      "text",
    ],
    [
      "PDF in the browser's viewer",
      "file",
      { ...empty, files: [file("application/pdf")], markdown: "# Page 1" },
      "pdf",
    ],
    [
      "a recording in the audio player",
      "file",
      { ...empty, files: [file("audio/webm")], markdown: "Audio recording: x.webm" },
      "audio",
    ],
    ["download otherwise", "file", { ...empty, files: [file("application/zip")] }, "download"],
  ] as const)("%s", (_n, type, content, kind) => {
    expect(contentView(type, { ...content, files: [...content.files] }, id).kind).toBe(kind);
  });

  it("shows a PDF's extracted text in reader mode", () => {
    expect(
      contentView("file", { ...empty, files: [file("application/pdf")], markdown: "# Page 1" }, id, "focus"),
    ).toEqual({ kind: "markdown", markdown: "# Page 1" });
  });

  it("decodes base64 bodies", () => {
    expect(contentView("file", { ...empty, html_base64: "PGI+" }, id)).toEqual({
      kind: "html",
      html: "decoded:PGI+",
    });
  });
});

describe("hasNotesTab", () => {
  it.each([
    [{ title: "Article", type: "webpage" }, true],
    [{ title: "report.pdf", type: "file" }, true],
    [{ title: "", type: "file" }, false],
    [{ title: "My page", type: "page" }, false],
    [{ title: "Board", type: "canvas" }, false],
  ])("%j → %s", (s, expected) => {
    expect(hasNotesTab(s, memories.notesTabExcludedTypes)).toBe(expected);
  });
});

describe("isPdfSource", () => {
  it.each([
    [{ type: "file", title: "report.pdf", meta: { file_type: "pdf" } }, true],
    [{ type: "file", title: "Renamed.PDF", meta: {} }, true],
    [{ type: "file", title: "data.csv", meta: { file_type: "csv" } }, false],
    [{ type: "webpage", title: "a.pdf", meta: {} }, false],
  ])("%j → %s", (s, expected) => {
    expect(isPdfSource(s)).toBe(expected);
  });
});
