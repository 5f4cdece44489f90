import { describe, expect, it } from "vitest";
import { computeBrief, type BriefPassage } from "./select.ts";
import { findDates } from "./dates.ts";

const memory = (id: string, text: string): BriefPassage => ({
  memoryId: id,
  chunkId: `${id}-c0`,
  text,
  language: "en",
});

describe("findDates", () => {
  it("reads ISO dates, written dates, months and introduced years, never a bare count", () => {
    const found = findDates(
      "The bridge opened on 2016-02-07, was closed on March 3, 2018 and again in May 2019; work began in 1998 and 1500 people came.",
    );
    expect(found.map((d) => d.date)).toEqual(["2016-02-07", "2018-03-03", "2019-05", "1998"]);
    expect(found.map((d) => d.text)).toEqual(["2016-02-07", "March 3, 2018", "May 2019", "1998"]);
    expect(findDates("Signed on 7 February 2016 (as drafted).")[0]).toMatchObject({ date: "2016-02-07" });
  });
});

describe("computeBrief", () => {
  const passages = [
    memory(
      "a",
      "Solar panels convert sunlight into electricity for the village grid. The village grid was built in 2012 with solar panels and batteries. Lunch was pleasant today and nobody minded.",
    ),
    memory(
      "b",
      "Batteries store electricity from the solar panels for the night. The batteries were replaced on 2020-05-01 after a storm.",
    ),
    memory(
      "c",
      "Wind turbines add electricity to the grid when the solar panels are idle. Some turbines date from the 1990s.",
    ),
  ];

  it("gives every memory a key point before any memory gets a second, each one of its own sentences", () => {
    const brief = computeBrief(passages, [], { points: 3 });
    expect(new Set(brief.points.map((p) => p.memoryId))).toEqual(new Set(["a", "b", "c"]));
    for (const p of brief.points)
      expect(passages.find((m) => m.memoryId === p.memoryId)!.text).toContain(p.text);
    expect(brief.points.map((p) => p.text)).not.toContain("Lunch was pleasant today and nobody minded.");
  });

  it("orders the dated statements by date, citing the memory that states each", () => {
    const brief = computeBrief(passages);
    expect(brief.timeline.map((e) => [e.date, e.memoryId])).toEqual([
      ["1990", "c"],
      ["2012", "a"],
      ["2020-05-01", "b"],
    ]);
  });

  it("names the terms most memories share as written, a stored key term breaking ties", () => {
    const words = computeBrief(passages).terms.map((t) => t.term);
    expect(words.slice(0, 3).sort()).toEqual(["electricity", "panels", "solar"]);
    const stored = computeBrief(passages, [
      {
        memoryId: "a",
        terms: [
          { term: "lunch", score: 5 },
          { term: "carri", score: 9 },
        ],
      },
    ]).terms;
    expect(stored.slice(0, 3).map((t) => t.memories)).toEqual([3, 3, 3]);
    // Of the terms one memory holds, the stored key term comes first.
    expect(stored.find((t) => t.memories === 1)).toEqual({ term: "lunch", memories: 1 });
    // Stems are shown as written ("batteries", not "batteri"); a lexeme no sentence writes is not.
    expect(stored.map((t) => t.term)).toContain("batteries");
    expect(stored.map((t) => t.term)).not.toContain("carri");
  });

  it("repeats no sentence a chunk overlapping the next reads twice", () => {
    const text = "Solar panels convert sunlight into electricity for the village grid.";
    const brief = computeBrief([memory("a", text), { ...memory("a", text), chunkId: "a-c1" }], [], {
      points: 5,
    });
    expect(brief.points).toHaveLength(1);
  });
});
