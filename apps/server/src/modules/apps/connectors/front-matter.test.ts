import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readNote as read } from "./front-matter.ts";

const readNote = (markdown: string) => read(markdown, parse);

describe("readNote", () => {
  it("reads the title and tags of the front matter and keeps the body with its wiki-links", () => {
    const note = readNote(
      "---\ntitle: Tide pools\ntags: [ocean, '#field-notes']\n---\nSee [[Anemones]] at low tide. #biology\n",
    );
    expect(note).toEqual({
      title: "Tide pools",
      tags: ["ocean", "field-notes", "biology"],
      body: "See [[Anemones]] at low tide. #biology\n",
    });
  });

  it("takes a comma string of tags, and leaves a note without (or with broken) front matter whole", () => {
    expect(readNote("---\ntags: a, b\n---\nx").tags).toEqual(["a", "b"]);
    expect(readNote("Just text").body).toBe("Just text");
    const broken = "---\ntitle: [unclosed\n---\nBody";
    expect(readNote(broken)).toMatchObject({ title: null, body: broken });
  });
});
