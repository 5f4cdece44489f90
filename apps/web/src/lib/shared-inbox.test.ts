import { describe, expect, it } from "vitest";
import { planShare } from "./shared-inbox";

const shared = (o: Partial<{ title: string; text: string; url: string; files: File[] }>) => ({
  title: "",
  text: "",
  url: "",
  files: [],
  ...o,
});

describe("what a share saves (spec 3 §5)", () => {
  it("saves a shared link", () => {
    expect(planShare(shared({ url: "https://example.com/a" }))).toEqual({
      kind: "link",
      link: "https://example.com/a",
    });
    expect(planShare(shared({ text: " https://example.com/b " }))).toEqual({
      kind: "link",
      link: "https://example.com/b",
    });
  });

  it("skips the link flow when a file or a text was shared", () => {
    const f = new File(["x"], "a.txt");
    expect(planShare(shared({ files: [f], url: "https://example.com" }))).toEqual({
      kind: "files",
      files: [f],
      note: null,
    });
    expect(planShare(shared({ title: "Idea", text: "Buy flour", url: "https://example.com" }))).toEqual({
      kind: "text",
      title: "Idea",
      text: "Buy flour\n\nhttps://example.com",
    });
  });

  it("treats a phone's title + text + url, where the text is the url or the title and the url, as a link (issue 41)", () => {
    const url = "https://example.com/sourdough";
    const link = { kind: "link", link: url };
    expect(planShare(shared({ title: "Sourdough guide", text: url, url }))).toEqual(link);
    expect(planShare(shared({ title: "Sourdough guide", text: `Sourdough guide ${url}`, url }))).toEqual(
      link,
    );
    expect(planShare(shared({ title: "Sourdough guide", text: `Sourdough guide\n${url}` }))).toEqual(link);
    expect(planShare(shared({ title: "Sourdough guide", text: `Read this: ${url}`, url })).kind).toBe("text");
  });

  it("has nothing to save from an empty share", () => {
    expect(planShare(shared({}))).toEqual({ kind: "nothing" });
  });
});
