import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { splitBlocks, splitIncremental, type BlockSplit } from "./blocks";

const fence = "Intro line.\n\n```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAfter the code.\n";
const table =
  "Before.\n\n| Part | Size |\n| --- | --- |\n| Mirror | 200 mm |\n| Tube | 1.2 m |\n\nAfter the table.\n";
const looseList =
  "Steps:\n\n- grind the mirror\n\n- test it [1]\n\n  with a second paragraph\n\n12. twelfth\n\nDone.\n";
const nested =
  "# Title\n\nPara one [2].\n\n1. first\n2. second\n\n    indented code\n\n    more code\n\n> quote\n\n~~~\nx\n\n~~~\n\nEnd.";
const unclosed = "Text.\n\n```python\nprint(1)\n\nprint(2)\n";

type Case = { name: string; md: string; blocks: string[] };
const cases: Case[] = [
  { name: "paragraphs", md: "a\n\nb\n\n\nc", blocks: ["a", "b", "c"] },
  {
    name: "code fence with blank lines is one block",
    md: fence,
    blocks: ["Intro line.", "```ts\nconst a = 1;\n\n\nconst b = 2;\n```", "After the code."],
  },
  {
    name: "table is one block",
    md: table,
    blocks: [
      "Before.",
      "| Part | Size |\n| --- | --- |\n| Mirror | 200 mm |\n| Tube | 1.2 m |",
      "After the table.",
    ],
  },
  {
    name: "loose list and its indented paragraph stay together",
    md: looseList,
    blocks: [
      "Steps:",
      "- grind the mirror\n\n- test it [1]\n\n  with a second paragraph\n\n12. twelfth",
      "Done.",
    ],
  },
  {
    name: "indented code after a list, quote, tilde fence",
    md: nested,
    blocks: [
      "# Title",
      "Para one [2].",
      "1. first\n2. second\n\n    indented code\n\n    more code",
      "> quote",
      "~~~\nx\n\n~~~",
      "End.",
    ],
  },
  {
    name: "unclosed fence stays the open tail",
    md: unclosed,
    blocks: ["Text.", "```python\nprint(1)\n\nprint(2)"],
  },
  {
    name: "paragraph after a list ends it",
    md: "- a\n- b\n\nText\n\n- c",
    blocks: ["- a\n- b", "Text", "- c"],
  },
];

/** Feeds `md` in pieces of `size` characters, checking the completed blocks only ever grow. */
function stream(md: string, size: number): BlockSplit {
  let s: BlockSplit | null = null;
  for (let n = Math.min(size, md.length); ; n = Math.min(n + size, md.length)) {
    const next = splitIncremental(s, md.slice(0, n));
    if (s) {
      expect(next.done.length).toBeGreaterThanOrEqual(s.done.length);
      // The stable prefix: every block completed before is unchanged (same start, same text).
      expect(next.done.slice(0, s.done.length)).toEqual(s.done);
    }
    for (const b of next.done) expect(md.slice(b.start, b.start + b.text.length)).toBe(b.text);
    s = next;
    if (n === md.length) return s;
  }
}

describe("splitBlocks", () => {
  it.each(cases)("$name", ({ md, blocks }) => {
    expect(splitBlocks(md)).toEqual(blocks);
  });
});

describe("splitIncremental while text is appended", () => {
  const sizes = [1, 2, 3, 7, 16, 50];
  it.each(cases.flatMap((c) => sizes.map((size) => ({ ...c, size }))))(
    "$name in pieces of $size",
    ({ md, size }) => {
      const s = stream(md, size);
      // Appending piece by piece ends where splitting the whole text at once does.
      const whole = splitIncremental(null, md);
      expect(s.done).toEqual(whole.done);
      expect(s.tail).toBe(whole.tail);
    },
  );

  it("keeps the completed blocks (same array) while only the tail grows", () => {
    const a = splitIncremental(null, "one\n\ntwo");
    const b = splitIncremental(a, "one\n\ntwo three");
    expect(b.done).toBe(a.done);
    expect(b.tail).toBe("two three");
  });

  it("starts over when the text was replaced rather than appended", () => {
    const a = splitIncremental(null, "one\n\ntwo\n\nthree");
    const b = splitIncremental(a, "uno\n\ndos");
    expect(b.done.map((d) => d.text)).toEqual(["uno"]);
    expect(b.tail).toBe("dos");
  });
});

describe("splitting does not change the rendered answer", () => {
  const html = (md: string) =>
    renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, md)).replace(
      />\s+</g,
      "><",
    );
  it.each(cases)("$name", ({ md }) => {
    expect(splitBlocks(md).map(html).join("")).toBe(html(md));
  });
});
