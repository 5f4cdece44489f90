import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { eld } from "eld/extrasmall";
import { languageDetector, parseNgramDatabase } from "./eld-loader.ts";

const database = new URL("../ngrams/extrasmall.js", import.meta.resolve("eld"));

describe("ELD's database read as data", () => {
  it("is the very object the package's module evaluates to", async () => {
    const evaluated = ((await import(database.href)) as { ngramsData: unknown }).ngramsData;
    expect(parseNgramDatabase(fs.readFileSync(fileURLToPath(database), "utf8"))).toEqual(evaluated);
  });

  it("detects languages exactly as the package's own instance", () => {
    const samples = [
      "The meeting notes say the budget was approved on Tuesday.",
      "Le compte rendu indique que le budget a été approuvé mardi.",
      "Das Protokoll sagt, dass das Budget am Dienstag genehmigt wurde.",
      "El acta dice que el presupuesto fue aprobado el martes.",
      "Протокол говорит, что бюджет был утверждён во вторник.",
      "会議のメモによると、予算は火曜日に承認されました。",
      "ok",
    ];
    for (const text of samples) {
      const ours = languageDetector().detect(text);
      const theirs = eld.detect(text);
      expect([ours.language, ours.isReliable()], text).toEqual([theirs.language, theirs.isReliable()]);
    }
  });

  it("handles escaped quotes, booleans and nested objects, and refuses what it does not know", () => {
    const src = `export const ngramsData = {type:'XS',isSubset:false,ngrams:{'it\\'s':{3:7},ab:{0:1,12:-2}}};`;
    expect(parseNgramDatabase(src)).toEqual({
      type: "XS",
      isSubset: false,
      ngrams: { "it's": { 3: 7 }, ab: { 0: 1, 12: -2 } },
    });
    expect(() => parseNgramDatabase("export const ngramsData = {a:compute(1)};")).toThrow();
    expect(() => parseNgramDatabase("export const other = {};")).toThrow();
  });
});
