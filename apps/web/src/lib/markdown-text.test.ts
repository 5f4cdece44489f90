import { describe, expect, it } from "vitest";
import { plainSnippet } from "./markdown-text";

describe("plainSnippet", () => {
  it.each([
    ["| City | Country |\n| --- | --- |\n| Reykjavik | Iceland |", "City Country Reykjavik Iceland"],
    ["## Page 1\n\nNorthern **Rail** report", "Page 1 Northern Rail report"],
    ["See [the guide](https://x.test) and ![img](a.png) now", "See the guide and now"],
    ["> quoted `code` ~~gone~~", "quoted code gone"],
    ["end of page one ## Page 2 The report", "end of page one Page 2 The report"],
    ["Written in C# and F#", "Written in C# and F#"],
  ])("%j → %j", (md, plain) => {
    expect(plainSnippet(md)).toBe(plain);
  });
});
