import { describe, expect, it } from "vitest";
import { countryChoices, guessCountry } from "./countries";

describe("country choices", () => {
  const choices = countryChoices();
  it("names every country once, sorted", () => {
    expect(choices.length).toBeGreaterThan(240);
    expect(new Set(choices.map((c) => c.name)).size).toBe(choices.length);
    expect(choices.map((c) => c.name)).toContain("Ireland");
    const names = choices.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
  });
  it.each([
    [["en-IE", "en"], "Ireland"],
    [["de"], "Germany"],
    [["pt-BR"], "Brazil"],
    [["not a tag", "fr-CA"], "Canada"],
    [[], ""],
  ])("%j → %s", (languages, country) => expect(guessCountry(languages, choices)).toBe(country));
});
