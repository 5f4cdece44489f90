import { describe, expect, it } from "vitest";
import { noteItems, readFrontMatters, readNote, splitFrontMatter } from "./front-matter.ts";

const read = async (markdown: string) => {
  const { block } = splitFrontMatter(markdown);
  const [front] = block === null ? [{ title: null, tags: [] }] : await readFrontMatters([block]);
  return readNote(markdown, front!);
};

describe("notes with front matter", () => {
  it("reads the title and tags of the front matter and keeps the body with its wiki-links", async () => {
    const note = await read(
      "---\ntitle: Tide pools\ntags: [ocean, '#field-notes']\n---\nSee [[Anemones]] at low tide. #biology\n",
    );
    expect(note).toEqual({
      title: "Tide pools",
      tags: ["ocean", "field-notes", "biology"],
      body: "See [[Anemones]] at low tide. #biology\n",
    });
  });

  it("takes a comma string of tags, and leaves a note without (or with broken) front matter whole", async () => {
    expect((await read("---\ntags: a, b\n---\nx")).tags).toEqual(["a", "b"]);
    expect((await read("Just text")).body).toBe("Just text");
    const broken = "---\ntitle: [unclosed\n---\nBody";
    expect(await read(broken)).toMatchObject({ title: null, body: broken });
  });

  it("does not parse an oversized front matter or expand an alias bomb", async () => {
    const huge = `---\ntitle: x\nfiller: "${"a".repeat(70_000)}"\n---\nBody`;
    expect(splitFrontMatter(huge).block).toBeNull();
    const bomb =
      "a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: &d [*c, *c]\ne: &e [*d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e]";
    expect(await readFrontMatters([bomb])).toEqual([null]);
  });

  it("parses a batch of notes' front matter in as few calls as needed, skipping notes without any", async () => {
    const calls: number[] = [];
    const notes = Array.from({ length: 450 }, (_, i) => ({
      key: `n${i}.md`,
      fileName: `n${i}.md`,
      text: i % 3 === 0 ? "Plain note" : `---\ntitle: Note ${i}\n---\nBody ${i}`,
    }));
    const items = await noteItems(
      notes,
      async (blocks) => (calls.push(blocks.length), readFrontMatters(blocks)),
    );
    expect(calls).toEqual([200, 100]);
    expect(items[0]).toMatchObject({ title: "n0.md", markdown: "Plain note" });
    expect(items[1]).toMatchObject({ title: "Note 1", markdown: "Body 1" });
  });
});
