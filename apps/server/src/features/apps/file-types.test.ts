import { describe, expect, it } from "vitest";
import { appFileType } from "./file-types.ts";

describe("the file type of an app search result (spec 2 §3 Search filters)", () => {
  it.each([
    // Live results, by what the app says.
    [{ app: "gmail", type: "email", name: "Re: report.pdf" }, "email"],
    [{ app: "slack", type: "message", name: "standup" }, "message"],
    [{ app: "notion", type: "database", name: "Crew" }, "page"],
    [
      { app: "google-drive", type: "file", mimeType: "application/vnd.google-apps.folder", name: "Tides" },
      "folder",
    ],
    [
      {
        app: "google-drive",
        type: "file",
        mimeType: "application/vnd.google-apps.document",
        name: "Tide notes",
      },
      "document",
    ],
    [
      {
        app: "google-drive",
        type: "file",
        mimeType: "application/vnd.google-apps.spreadsheet",
        name: "Fees",
      },
      "spreadsheet",
    ],
    [
      {
        app: "google-drive",
        type: "file",
        mimeType: "application/vnd.google-apps.presentation",
        name: "Briefing",
      },
      "presentation",
    ],
    [{ app: "microsoft", type: "file", mimeType: null, name: "survey.PDF" }, "pdf"],
    [{ app: "microsoft", type: "file", mimeType: null, name: "cat.heic" }, "image"],
    [{ app: "microsoft", type: "file", mimeType: null, name: "data.bin" }, "other"],
    // Synced memories, by their type, MIME type, app and name.
    [{ app: "gmail", type: "local_source", mimeType: "message/rfc822", name: "Quarterly report" }, "email"],
    [{ app: "mail", type: "local_source", name: "Agenda.pdf" }, "email"],
    [{ app: "microsoft", type: "local_source", name: "Lunch", path: "outlook/AAMk-4" }, "email"],
    [{ app: "microsoft", type: "local_source", name: "notes.md", path: "onedrive/F-notes" }, "document"],
    [{ app: "slack", type: "local_source", name: "#general" }, "message"],
    [{ app: "folder", type: "local_source", name: "Tide pools at dawn" }, "document"],
    [
      {
        app: "folder",
        type: "file",
        mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        name: "Slides.pptx",
      },
      "presentation",
    ],
    [{ app: "webdav", type: "file", mimeType: "text/csv", name: "fees.csv" }, "spreadsheet"],
    [{ app: "gmail", type: "image", mimeType: "image/png", name: "chart.png" }, "image"],
    [{ app: "rss", type: "webpage", name: "Sourdough" }, "webpage"],
    [{ app: "github", type: "webpage", name: "octo-ada/tides README" }, "document"],
  ] as const)("%o is %s", (input, expected) => {
    expect(appFileType(input)).toBe(expected);
  });
});
