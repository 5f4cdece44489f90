import { describe, expect, it } from "vitest";
import { queryConfigs, scriptOf } from "./query-language.ts";

describe("the configurations a query is analysed with", () => {
  const sure = (language: string) => ({ language, reliable: true });

  it("a sure language the memories use: that language alone", () => {
    expect(queryConfigs(sure("de"), ["de", "en", "ru"])).toEqual(["german"]);
    expect(queryConfigs(sure("ru"), ["ru", "bg"])).toEqual(["russian"]);
  });

  it("an unsure language: every language the memories use as well", () => {
    expect(queryConfigs({ language: "nl", reliable: false }, ["en", "de"])).toEqual([
      "dutch",
      "english",
      "german",
    ]);
  });

  it("a sure language no memory is in: the memories' languages of the same script too", () => {
    // ELD takes the Russian "зимние дороги Сибири" for Bulgarian (no Snowball stemmer: simple).
    expect(queryConfigs(sure("bg"), ["en", "ru", "zh"])).toEqual(["russian", "simple"]);
    expect(queryConfigs(sure("sr"), ["de", "ru", "uk"])).toEqual(["russian", "serbian", "simple"]);
    expect(queryConfigs(sure("mr"), ["hi", "en"])).toEqual(["hindi", "simple"]);
    // Another script is another language, not a neighbour.
    expect(queryConfigs(sure("fr"), ["ru", "zh"])).toEqual(["french"]);
  });

  it("no memories yet: the sure language alone", () => {
    expect(queryConfigs(sure("es"), [])).toEqual(["spanish"]);
  });

  it("knows the usual script of a language, and none of a made-up code", () => {
    expect([scriptOf("uk"), scriptOf("hi"), scriptOf("ar"), scriptOf("vi")]).toEqual([
      "Cyrl",
      "Deva",
      "Arab",
      "Latn",
    ]);
    expect(scriptOf("xx")).toBeUndefined();
  });
});
