import { describe, expect, it } from "vitest";
import { splitTranscript, youtubeId } from "./youtube";

describe("youtubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/playlist?list=PL123", null],
    ["https://example.com/watch?v=dQw4w9WgXcQ", null],
    ["not a url", null],
    [null, null],
  ])("%s → %s", (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });
});

describe("splitTranscript", () => {
  it("separates the transcript section", () => {
    expect(splitTranscript("# Video\n\nAbout it.\n\n## Transcript\n\nhello there")).toEqual({
      body: "# Video\n\nAbout it.",
      transcript: "hello there",
    });
  });
  it("returns the whole text when there is no transcript", () => {
    expect(splitTranscript("just text")).toEqual({ body: "just text", transcript: null });
  });
});
