import { describe, expect, it } from "vitest";
import { topTerms } from "./proactive.ts";

describe("proactive memory terms", () => {
  it.each([
    [
      "en",
      "The tide pools hold anemones; tide pools drain at https://www.example.com twice daily.",
      ["pools", "tide"],
    ],
    [
      "de",
      "Die Gezeitentümpel und die Gezeitentümpel der Küste sind voller Seeanemonen, aber nicht immer.",
      ["gezeitentümpel"],
    ],
    ["zh", "潮汐池里有海葵。潮汐池在退潮时露出。", ["潮汐"]],
  ])("keeps the topic words of a %s text, not its stop words or link parts", (language, text, top) => {
    const terms = topTerms(text, 8, language);
    expect(terms.slice(0, top.length).sort()).toEqual([...top].sort());
    expect(terms).not.toContain("https");
    expect(terms).not.toContain("aber");
  });
});
