import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./markdown.ts";

describe("htmlToMarkdown", () => {
  it.each([
    [
      '<iframe src="https://www.youtube.com/embed/abc123DEF45"></iframe>',
      '<iframe src="https://www.youtube.com/embed/abc123DEF45" allowfullscreen></iframe>',
    ],
    [
      '<iframe src="https://player.vimeo.com/video/1" title="A &quot;talk&quot;"></iframe>',
      '<iframe src="https://player.vimeo.com/video/1" title="A &quot;talk&quot;" allowfullscreen></iframe>',
    ],
    ['<p>Ad:</p><iframe src="https://ads.example.com/frame"></iframe>', "Ad:"],
    ['<iframe src="http://www.youtube.com/embed/abc"></iframe><p>x</p>', "x"],
    ["<ul><li>one</li><li>two<ul><li>deep</li></ul></li></ul>", "- one\n- two\n    - deep"],
    ["<ol><li>first</li><li>second</li></ol>", "1. first\n2. second"],
    ["<h2>Title</h2><p>Body <del>old</del></p><script>alert(1)</script>", "## Title\n\nBody ~old~"],
    [
      "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>",
      "| a | b |\n| --- | --- |\n| 1 | 2 |",
    ],
  ])("%s", (html, markdown) => {
    expect(htmlToMarkdown(html)).toBe(markdown);
  });
});
