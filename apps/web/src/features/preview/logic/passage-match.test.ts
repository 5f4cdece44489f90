import { describe, expect, it } from "vitest";
import { findPassage } from "./passage-match";

const quote = "The keeper polished the Fresnel lens with jeweller's rouge every morning.";

describe("finding a cited passage in a viewer's text", () => {
  it.each([
    ["the same text", `Intro. ${quote} Outro.`],
    [
      "other whitespace and line breaks",
      `Intro.\n The keeper polished  the\nFresnel lens with\tjeweller's rouge every morning. Outro.`,
    ],
    [
      "a word hyphenated at a line end",
      `Intro. The keeper pol-\nished the Fresnel lens with jeweller's rouge every morning.`,
    ],
    [
      "typographic quotes and other case",
      `Intro. THE KEEPER polished the Fresnel lens with jeweller’s rouge every morning.`,
    ],
    [
      "Markdown emphasis",
      `Intro. The keeper **polished** the _Fresnel lens_ with jeweller's rouge every morning.`,
    ],
    ["soft hyphens", `The keeper pol\u00adished the Fresnel lens with jeweller's rouge every morning.`],
  ])("finds it across %s", (_what, text) => {
    const at = findPassage(text, quote);
    expect(at).not.toBeNull();
    expect(text.slice(at!.start, at!.end)).toMatch(/^THE KEEPER|^The keeper/);
    expect(text.slice(at!.start, at!.end)).toMatch(/morning\.$/);
  });

  it("lands on the passage when only its head matches (the rest changed)", () => {
    const text = "Intro. The keeper polished the Fresnel lens with jeweller's rouge at noon instead.";
    const at = findPassage(text, quote)!;
    expect(text.slice(at.start, at.end)).toMatch(/^The keeper polished the Fresnel lens/);
  });

  it("finds nothing when the passage is gone", () => {
    expect(findPassage("A different memory about gardens.", quote)).toBeNull();
    expect(findPassage("anything", "  ")).toBeNull();
  });

  it("does not join a real dash between words", () => {
    const text = "A well-\nknown fact.";
    expect(findPassage(text, "well-known fact")).toBeNull();
    expect(findPassage("A well-known fact.", "well-known fact")).toEqual({ start: 2, end: 17 });
  });
});
