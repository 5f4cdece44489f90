import { describe, expect, it } from "vitest";
import { factIn, markupIn } from "./notes.ts";

describe("the notes eval's checks", () => {
  it("finds raw Markdown in an answer's prose", () => {
    expect(markupIn("See [[Core plugins]] [1].")).toBe("[[");
    expect(markupIn("> [!info]+ Where to find them [1]")).toBe("[!");
    expect(markupIn("It is **bold [1].")).toBe("**");
    expect(markupIn("| a | b |\n|---|---|")).toBe("|---");
    expect(markupIn("Run it:\n```js\nx()\n```")).toBe("```");
    expect(markupIn("---\ntags: [a]\n---\nText.")).toBe("front matter");
  });

  it("leaves inline code alone: a glob is code, not emphasis", () => {
    expect(markupIn("Character: `**`; Description: matches any character [1].")).toBeUndefined();
    expect(markupIn("Use `[[ -f x ]]` in bash [2].")).toBeUndefined();
    expect(markupIn("Plain prose with a core plugin [1].")).toBeUndefined();
  });

  it("finds the fact with citations, case and spacing ignored", () => {
    expect(factIn("The default limit is 100KB [1].", "100kb")).toBe(true);
    expect(factIn("No limit is given [1].", "100kb")).toBe(false);
  });
});
