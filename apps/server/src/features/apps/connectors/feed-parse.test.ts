import { describe, expect, it } from "vitest";
import { parseFeedDocument } from "./feed-parse.ts";

describe("parseFeedDocument", () => {
  it("reads an RSS 2.0 channel: title, entries with link, guid and a plain summary", () => {
    const feed = parseFeedDocument(`<?xml version="1.0"?><rss version="2.0"><channel><title>Tide notes</title>
      <link>https://tides.example/</link>
      <item><title>Spring tides</title><link>https://tides.example/spring</link><guid>t-1</guid>
      <description>&lt;p&gt;When the &lt;b&gt;moon&lt;/b&gt; is full&lt;/p&gt;</description><pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item>
      </channel></rss>`);
    expect(feed.title).toBe("Tide notes");
    expect(feed.entries).toEqual([
      {
        id: "t-1",
        title: "Spring tides",
        link: "https://tides.example/spring",
        summary: "When the moon is full",
        published: "Mon, 23 Nov 2026 10:00:00 GMT",
      },
    ]);
  });

  it("reads an Atom feed: the alternate link, id and summary", () => {
    const feed = parseFeedDocument(`<feed xmlns="http://www.w3.org/2005/Atom"><title>Atomic</title>
      <link rel="self" href="https://a.example/feed.atom"/><link href="https://a.example/"/>
      <entry><title>Entry one</title><id>urn:uuid:1</id><link rel="alternate" href="https://a.example/1"/>
      <updated>2026-11-23T00:00:00Z</updated><summary>Short</summary></entry></feed>`);
    expect(feed).toMatchObject({ title: "Atomic", link: "https://a.example/" });
    expect(feed.entries[0]).toMatchObject({
      id: "urn:uuid:1",
      link: "https://a.example/1",
      summary: "Short",
    });
  });

  it("refuses a document that is not a feed", () => {
    expect(() => parseFeedDocument("<html><body>hello</body></html>")).toThrow();
    expect(() => parseFeedDocument("not xml at all")).toThrow();
  });
});
