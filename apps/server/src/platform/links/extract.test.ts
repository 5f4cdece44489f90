import { describe, expect, it } from "vitest";
import { extractMetadata, extractReadable } from "./extract.ts";

const base = "https://site.example/blog/post";

describe("extractMetadata", () => {
  it.each([
    [
      '<title> Plain  title </title><meta name="description" content="Plain description">',
      { title: "Plain title", description: "Plain description", ogImage: undefined, canonical: undefined },
    ],
    [
      '<title>Doc</title><meta property="og:title" content="OG title"><meta property="og:description" content="OG desc"><meta property="og:image" content="../img/a.png">',
      { title: "OG title", description: "OG desc", ogImage: "https://site.example/img/a.png" },
    ],
    [
      '<meta name="twitter:title" content="Card title"><meta name="twitter:image" content="https://cdn.example/c.jpg">',
      { title: "Card title", ogImage: "https://cdn.example/c.jpg" },
    ],
    ["<body><h1>Heading as title</h1></body>", { title: "Heading as title", description: "" }],
    [
      '<link rel="canonical" href="/blog/post?ref=1"><meta property="og:image" content="javascript:alert(1)">',
      { canonical: "https://site.example/blog/post?ref=1", ogImage: undefined },
    ],
    [
      "<!-- <title>Commented out</title> --><script>var t = '<title>In a script</title>'</script><TITLE>Caf&eacute; &amp; bar</TITLE><META NAME='Description' CONTENT='Quoted &quot;text&quot;'>",
      { title: "Café & bar", description: 'Quoted "text"' },
    ],
  ])("%s", (head, expected) => {
    expect(extractMetadata(`<!doctype html><html><head>${head}</head></html>`, base)).toMatchObject(expected);
  });
});

describe("extractReadable", () => {
  it("keeps scripts and styles out of the content", async () => {
    const html = `<html><head><style>.x{color:red}</style></head><body><article><p>${"Visible sentence about tides. ".repeat(10)}</p><script>window.secret = "token"</script></article></body></html>`;
    const result = await extractReadable(html, base);
    expect(result.markdown).toContain("Visible sentence about tides.");
    expect(result.markdown).not.toMatch(/secret|color:red/);
  });

  it("extracts the main text of a div-only page", async () => {
    const paragraph =
      "Long form writing about the migration of arctic terns across oceans and seasons. ".repeat(6);
    const html = `<html><body><div class="menu"><a href="/">Home</a></div><div class="content"><div>${paragraph}</div><div>${paragraph}</div></div></body></html>`;
    const result = await extractReadable(html, base);
    expect(result.markdown).toContain("migration of arctic terns");
    expect(result.wordCount).toBeGreaterThan(50);
  });
});
