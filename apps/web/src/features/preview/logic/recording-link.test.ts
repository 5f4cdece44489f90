import { describe, expect, it } from "vitest";
import { recordingIdOf } from "./recording-link";

describe("recordingIdOf", () => {
  it("finds the recording a meeting page links to", () => {
    const md =
      "## Standup\n\n### Summary\n\nShort.\n\nRecording: [Meeting 2026-11-24.webm](/?preview=abc%2D123)\n";
    expect(recordingIdOf(md)).toBe("abc-123");
  });
  it("ignores other links and pages without a recording", () => {
    expect(recordingIdOf("See [the notes](/?preview=xyz) for more.")).toBeNull();
    expect(recordingIdOf("Recording: [x](https://example.com/?preview=xyz)")).toBeNull();
    expect(recordingIdOf(null)).toBeNull();
  });
});
