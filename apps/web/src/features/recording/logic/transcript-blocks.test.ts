import { describe, expect, it } from "vitest";
import type { TranscribeResponse } from "@mnemo/contracts";
import { memoryHref, outcomeTitle, spokenText, transcriptBlocks, type Block } from "./transcript-blocks";

const result: TranscribeResponse = {
  transcript: "[00:00] Welcome to the planning meeting.\n[00:05] The launch moves to March.",
  summary: "The launch moves to March.",
  title: "Planning meeting",
  segments: [
    { start: 0, end: 5, text: "Welcome to the planning meeting." },
    { start: 5, end: 9, text: "The launch moves to March." },
  ],
  duration_seconds: 9,
  warning: null,
  source_id: "rec-1",
};
const recording = { sourceId: "rec-1", name: "Meeting recording 2026-11-24 09-05.webm" };

/** A block as a person reads it: "h2 Title", "p text", "p Recording: [name](href)". */
const read = (b: Block) =>
  `${b.type === "heading" ? `h${b.props?.level}` : "p"} ${b.content
    .map((c) => (c.type === "text" ? c.text : `[${c.content[0].text}](${c.href})`))
    .join("")}`;

describe("blocks a finished recording adds to a page", () => {
  it("writes the heading, the Summary and the Transcription, then links the recording", () => {
    expect(transcriptBlocks({ kind: "transcribed", result, recording }).map(read)).toEqual([
      "h2 Planning meeting",
      "h3 Summary",
      "p The launch moves to March.",
      "h3 Transcription",
      "p [00:00] Welcome to the planning meeting.",
      "p [00:05] The launch moves to March.",
      `p Recording: [Meeting recording 2026-11-24 09-05.webm](${memoryHref("rec-1")})`,
    ]);
  });

  it("keeps the link to the recording, and no operator text in the note, when transcription is off", () => {
    expect(transcriptBlocks({ kind: "not-configured", recording }).map(read)).toEqual([
      "h2 Meeting recording 2026-11-24 09-05",
      `p Recording: [Meeting recording 2026-11-24 09-05.webm](/?preview=rec-1)`,
    ]);
  });

  it("says 'No transcript found.' when nothing was heard", () => {
    expect(transcriptBlocks({ kind: "empty", recording: null }).map(read)).toEqual([
      "h2 Meeting recording",
      "p No transcript found.",
    ]);
  });

  it("titles the page from the transcript, else from the recording", () => {
    expect(outcomeTitle({ kind: "transcribed", result, recording })).toBe("Planning meeting");
    expect(outcomeTitle({ kind: "not-configured", recording })).toBe("Meeting recording 2026-11-24 09-05");
  });

  it("gives the chat box the spoken words without timestamps", () => {
    expect(spokenText(result)).toBe("Welcome to the planning meeting. The launch moves to March.");
  });
});
