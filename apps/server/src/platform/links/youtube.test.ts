import { describe, expect, it } from "vitest";
import { captionsXml, FIXTURE_VIDEOS, watchPage } from "../../test/fixtures/sites/pages.ts";
import { parseCaptions, parsePlayerResponse, pickCaptionTrack } from "./youtube.ts";

describe("parsePlayerResponse", () => {
  it("reads the player response even with braces and quotes inside strings", () => {
    const player = parsePlayerResponse(watchPage("https://yt.test", FIXTURE_VIDEOS[0]));
    expect(player?.videoDetails).toMatchObject({
      title: "How Sourdough Starters Work",
      lengthSeconds: "754",
    });
    expect(player?.videoDetails?.shortDescription).toContain("braces } in strings");
    expect(player?.captions?.playerCaptionsTracklistRenderer?.captionTracks).toHaveLength(2);
  });

  it.each([
    "<html>no player</html>",
    'var ytInitialPlayerResponse = {"unterminated": ',
    "ytInitialPlayerResponse = {not json};",
  ])("answers undefined for %j", (html) => {
    expect(parsePlayerResponse(html)).toBeUndefined();
  });
});

describe("pickCaptionTrack", () => {
  const track = (languageCode: string, kind?: string) => ({
    baseUrl: `https://yt.test/${languageCode}${kind ?? ""}`,
    languageCode,
    kind,
  });
  it.each([
    [[track("de"), track("en")], "en", "en"],
    [[track("en", "asr"), track("en-GB")], "en", "en-GB"],
    [[track("en", "asr"), track("fr")], "en", "enasr"],
    [[track("fr"), track("de")], "en", "fr"],
  ] as const)("%j prefers %s → %s", (tracks, language, expected) => {
    expect(pickCaptionTrack(tracks, language)?.baseUrl).toBe(`https://yt.test/${expected}`);
  });
  it("answers undefined without tracks", () => {
    expect(pickCaptionTrack([])).toBeUndefined();
  });
});

describe("parseCaptions", () => {
  it("reads srv3 <p> lines and decodes entities", () => {
    expect(parseCaptions(captionsXml("en"))).toEqual([
      "Welcome back to the kitchen.",
      "Today we feed the starter & watch it rise.",
      "Flour and water, nothing else.",
    ]);
  });
  it("reads classic <text> lines with double-encoded entities and inner tags", () => {
    const xml = `<transcript><text start="0" dur="1">It&amp;#39;s <font color="#fff">fine</font></text><text start="1" dur="1">  </text><text start="2" dur="1">a &lt; b</text></transcript>`;
    expect(parseCaptions(xml)).toEqual(["It's fine", "a < b"]);
  });
});
