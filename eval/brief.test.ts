import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scoreSet } from "./brief.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-eval-brief-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, rows: unknown[]) =>
  fs.writeFileSync(path.join(dir, name), rows.map((r) => JSON.stringify(r)).join("\n"));

describe("eval brief coverage", () => {
  it("counts a question covered when a key point of its own context holds a gold answer", () => {
    write("contexts.jsonl", [
      {
        _id: "c1",
        title: "Bridges",
        text: "The Forth Bridge carries the railway across the Firth of Forth. It opened in 1890 after seven years of building the railway bridge. Nobody cared about lunch that day at all.",
      },
      {
        _id: "c2",
        title: "Bridges",
        text: "The Tay Bridge carries the railway across the Firth of Tay near Dundee in Scotland.",
      },
    ]);
    write("qa.jsonl", [
      { context_id: "c1", answers: ["1890"] },
      { context_id: "c2", answers: ["Dundee"] },
      // In the other context's text only: not covered by c1's points.
      { context_id: "c1", answers: ["Dundee"] },
    ]);
    const one = scoreSet(dir, 2);
    expect(one.articles).toBe(1);
    expect(one.asked).toBe(3);
    // Two points: each context's best (round-robin), c1's being the railway bridge's opening.
    expect(one.coverage).toBeCloseTo(2 / 3);
    expect(scoreSet(dir, 1).coverage).toBeLessThan(one.coverage);
  });
});
