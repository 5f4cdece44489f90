import { describe, expect, it } from "vitest";
import { chunkMarkdown, countWords } from "./chunker.ts";

const words = (n: number, w = "word") => Array.from({ length: n }, (_, i) => `${w}${i}`).join(" ");
const sentences = (n: number, per: number, w = "s") =>
  Array.from({ length: n }, (_, i) => `${words(per, `${w}${i}x`)}.`).join(" ");

describe("chunkMarkdown", () => {
  const cases: {
    name: string;
    md: string;
    expect: { paths: string[]; maxWords?: number; minChunks?: number };
  }[] = [
    { name: "empty input gives no chunks", md: "  \n\n ", expect: { paths: [] } },
    { name: "short plain text is one chunk", md: "Just a note about sailing.", expect: { paths: [""] } },
    {
      name: "heading path is nested",
      md: `# Boats\n\n${words(120)}\n\n## Sails\n\n${words(150)}\n\n### Jib\n\n${words(130)}\n\n# Engines\n\n${words(110)}`,
      expect: { paths: ["Boats", "Boats > Sails", "Boats > Sails > Jib", "Engines"] },
    },
    {
      name: "small sections merge and keep the first heading path",
      md: `# A\n\nalpha beta.\n\n# B\n\ngamma delta.`,
      expect: { paths: ["A"] },
    },
    {
      name: "a long section is split under the same heading",
      md: `# Long\n\n${sentences(40, 24)}`,
      expect: { paths: ["Long", "Long", "Long"], maxWords: 400, minChunks: 3 },
    },
    {
      name: "one giant sentence is cut by words",
      md: words(1000),
      expect: { paths: ["", "", ""], maxWords: 400 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const chunks = chunkMarkdown(c.md, { title: "T" });
      expect(chunks.map((k) => k.headingPath)).toEqual(c.expect.paths);
      for (const k of chunks) {
        expect(k.text).toBe(c.md.slice(k.startOffset, k.endOffset));
        expect(k.title).toBe("T");
        expect(k.words).toBe(countWords(k.text));
        if (c.expect.maxWords) expect(k.words).toBeLessThanOrEqual(c.expect.maxWords);
      }
      expect(chunks.map((k) => k.ord)).toEqual(chunks.map((_, i) => i));
    });
  }

  it("covers every word of the input, in order, with a small overlap", () => {
    const md = `# Doc\n\n${sentences(60, 15)}`;
    const chunks = chunkMarkdown(md, { title: "T" });
    expect(chunks.length).toBeGreaterThan(1);
    for (let i = 1; i < chunks.length; i++) {
      const overlap = chunks[i - 1].endOffset - chunks[i].startOffset;
      expect(overlap).toBeGreaterThan(0);
      expect(countWords(md.slice(chunks[i].startOffset, chunks[i - 1].endOffset))).toBeLessThanOrEqual(40);
    }
    expect(chunks[0].startOffset).toBe(0);
    expect(chunks.at(-1)!.endOffset).toBe(md.length);
    for (const k of chunks) expect(k.words).toBeGreaterThanOrEqual(100);
  });

  it("keeps a fenced code block whole even when it holds blank lines and # lines", () => {
    const code = "```\n# not a heading\n\nx = 1\n```";
    const chunks = chunkMarkdown(`# Code\n\nSee below.\n\n${code}\n\nAfter.`, { title: "T" });
    expect(chunks).toHaveLength(1);
    expect(chunks[0].text).toContain(code);
    expect(chunks[0].headingPath).toBe("Code");
  });

  it("does not carry overlap across a heading", () => {
    const md = `# One\n\n${sentences(30, 15, "a")}\n\n# Two\n\n${sentences(10, 15, "b")}`;
    const chunks = chunkMarkdown(md, { title: "T" });
    const two = chunks.filter((k) => k.headingPath === "Two");
    expect(two).toHaveLength(1);
    expect(two[0].text.startsWith("# Two")).toBe(true);
  });
});
