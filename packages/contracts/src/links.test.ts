import { describe, expect, it } from "vitest";
import {
  canAddLink,
  isDirectFileLink,
  linkDialogCapacity,
  normalizeLink,
  socialNetworkHint,
  validateLink,
  validateLinkDialogDone,
  youtubeVideoId,
} from "./links.ts";
import { linkMessages } from "./messages.ts";

describe("normalizeLink", () => {
  it.each([
    ["  https://Example.COM/Path?q=1  ", "https://example.com/Path?q=1"],
    ["example.com", "https://example.com/"],
    ["example.com:8443/a", "https://example.com:8443/a"],
    ["//example.com/a", "https://example.com/a"],
    ["http://example.com", "http://example.com/"],
    ["https://example.com/#", "https://example.com/"],
    ["https://127.0.0.1:4443/article", "https://127.0.0.1:4443/article"],
    ["https://bücher.de", "https://xn--bcher-kva.de/"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeLink(raw)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "not a url",
    "https://",
    "https://nodot",
    "ftp://example.com/x",
    "javascript:alert(1)",
    "mailto:a@b.co",
    "https://exa mple.com",
    "https://user:pw@example.com/",
    "https://-bad-.com",
    "https://example.c0m",
  ])("refuses %j", (raw) => {
    expect(normalizeLink(raw)).toBeUndefined();
  });
});

describe("validateLink", () => {
  const existing = ["https://www.already.com/page/", "https://saved.org/a?b=1"];
  it.each([
    ["", linkMessages.enterValidUrl],
    ["not a url", linkMessages.invalidUrl],
    ["http://example.com/article", linkMessages.insecureUrl],
    ["https://www.youtube.com/playlist?list=PL123", linkMessages.youtubePlaylistOrChannel],
    ["https://www.youtube.com/@somechannel", linkMessages.youtubePlaylistOrChannel],
    ["https://youtube.com/@somechannel/videos", linkMessages.youtubePlaylistOrChannel],
    ["https://www.youtube.com/channel/UC1234567890", linkMessages.youtubePlaylistOrChannel],
    ["https://www.youtube.com/c/SomeName", linkMessages.youtubePlaylistOrChannel],
    ["https://m.youtube.com/user/someone", linkMessages.youtubePlaylistOrChannel],
    ["https://www.youtube.com/watch?list=PL123", linkMessages.youtubePlaylistOrChannel],
    ["https://example.com/report.pdf", linkMessages.directFileLink],
    ["https://example.com/files/Deck.PPTX?dl=1", linkMessages.directFileLink],
    ["https://cdn.example.com/photo.jpeg", linkMessages.directFileLink],
    ["https://example.com/archive.tar.gz", linkMessages.directFileLink],
    ["https://already.com/page", linkMessages.linkAlreadyExists],
    ["https://www.already.com/page#section", linkMessages.linkAlreadyExists],
    ["saved.org/a?b=1", linkMessages.linkAlreadyExists],
  ])("%j → %s", (raw, message) => {
    expect(validateLink(raw, existing)).toEqual({ ok: false, message });
  });

  it.each([
    ["https://example.com/blog/post", "https://example.com/blog/post"],
    ["example.com/blog/post.html", "https://example.com/blog/post.html"],
    [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123",
    ],
    ["https://youtu.be/dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ"],
    ["https://saved.org/a?b=2", "https://saved.org/a?b=2"],
    ["https://already.com/other", "https://already.com/other"],
  ])("accepts %j", (raw, url) => {
    expect(validateLink(raw, existing)).toEqual({ ok: true, url });
  });
});

describe("youtubeVideoId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", "dQw4w9WgXcQ"],
    ["https://youtube.com/shorts/abcdefghijk", "abcdefghijk"],
    ["https://m.youtube.com/live/abcdefghijk", "abcdefghijk"],
    ["https://www.youtube.com/embed/abcdefghijk", "abcdefghijk"],
    ["https://www.youtube.com/playlist?list=PL1", undefined],
    ["https://www.youtube.com/@chan", undefined],
    ["https://notyoutube.com/watch?v=dQw4w9WgXcQ", undefined],
  ])("%s → %s", (raw, id) => {
    expect(youtubeVideoId(raw)).toBe(id);
  });
});

describe("isDirectFileLink", () => {
  it.each([
    ["https://example.com/a/b.docx", true],
    ["https://example.com/song.MP3", true],
    ["https://example.com/page.html", false],
    ["https://example.com/index.php?file=a.pdf", false],
    ["https://example.com/v1.2/docs", false],
    ["https://example.com/", false],
  ])("%s → %s", (raw, expected) => {
    expect(isDirectFileLink(raw)).toBe(expected);
  });
});

describe("socialNetworkHint", () => {
  it.each([
    ["https://twitter.com/someone/status/1", "twitter"],
    ["https://x.com/someone/status/1", "twitter"],
    ["https://www.linkedin.com/posts/abc", "linkedin"],
    ["https://old.reddit.com/r/x/comments/1", "reddit"],
    ["https://www.tiktok.com/@a/video/1", "tiktok"],
    ["https://m.facebook.com/story.php", "facebook"],
    ["https://www.pinterest.co.uk/pin/1", "pinterest"],
    ["https://pin.it/abc", "pinterest"],
  ])("%s → %s", (raw, network) => {
    const hint = socialNetworkHint(raw);
    expect(hint?.network).toBe(network);
    expect(hint?.message).toMatch(/browser extension/);
  });

  it.each(["https://example.com/", "https://notx.com/", "https://mytwitter.com.evil.org/", "not a url"])(
    "no hint for %j",
    (raw) => {
      expect(socialNetworkHint(raw)).toBeUndefined();
    },
  );
});

describe("Add Links dialog", () => {
  it("holds 4 links while its message says 5", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(canAddLink)).toEqual([true, true, true, true, true, false, false]);
    expect(linkDialogCapacity.message).toContain("5");
  });

  it.each([
    [[], "", { ok: false, message: linkMessages.enterValidUrl }],
    [[], "http://a.com", { ok: false, message: linkMessages.insecureUrl }],
    [["https://a.com/x"], "a.com/x", { ok: false, message: linkMessages.linkAlreadyExists }],
    [["https://a.com/x"], "", { ok: true }],
    [[], "b.com", { ok: true, url: "https://b.com/" }],
  ] as const)("Done with %j and %j", (held, input, expected) => {
    expect(validateLinkDialogDone(held, input)).toEqual(expected);
  });
});
