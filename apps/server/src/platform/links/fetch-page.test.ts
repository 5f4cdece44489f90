import { linkMessages } from "@mnemo/contracts/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { linkFetchOptions } from "./fetch-options.ts";
import {
  exceedsVideoCap,
  fetchLinkWithFallback,
  fetchPage,
  fetchPageMetadata,
  safeImageUrl,
  videoDurationSeconds,
  type FetchPageOptions,
} from "./fetch-page.ts";
import { FetchError } from "./safe-fetch.ts";

let site: FixtureSite;
let opts: FetchPageOptions;

beforeAll(async () => {
  site = await startFixtureSite();
  opts = {
    ...linkFetchOptions({ FETCH_ALLOW_HOSTS: ["127.0.0.1"], FETCH_EXTRA_CA: site.caPath }),
    youtubeOrigin: site.origin,
  };
});
afterAll(() => site.close());

describe("fetchPage on an article", () => {
  it("extracts metadata and readable Markdown without the page's boilerplate", async () => {
    const page = await fetchPage(`${site.origin}/articles/sourdough`, opts);
    expect(page).toMatchObject({
      title: "The Sourdough Starter Handbook",
      description: "A practical guide to sourdough for curious beginners.",
      ogImage: `${site.origin}/images/sourdough.png`,
      kind: "webpage",
      iframeSupport: true,
    });
    expect(page.meta.canonical).toBe(`${site.origin}/articles/sourdough`);
    expect(page.markdown).toContain("## A weekly routine");
    expect(page.markdown).toMatch(/\| Monday \| Read one chapter about sourdough \|/);
    expect(page.markdown).toContain("- Start small and keep a notebook.");
    expect(page.markdown).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(page.markdown).toContain("sourdough-marker-phrase");
    expect(page.markdown).not.toMatch(/Subscribe to our newsletter|All rights reserved|Related posts/);
  });

  it("follows redirects and reports the final URL", async () => {
    const page = await fetchPage(`${site.origin}/redirect/2`, opts);
    expect(page.finalUrl).toBe(`${site.origin}/articles/sourdough`);
    expect(page.url).toBe(`${site.origin}/redirect/2`);
  });

  it.each([
    ["deny", false],
    ["sameorigin", false],
    ["csp-none", false],
    ["csp-self", false],
    ["csp-any", true],
  ])("reads iframe support from the headers of /frame/%s → %s", async (name, expected) => {
    expect((await fetchPage(`${site.origin}/frame/${name}`, opts)).iframeSupport).toBe(expected);
  });

  it("keeps plain text as it is", async () => {
    const page = await fetchPage(`${site.origin}/plain`, opts);
    expect(page.title).toBe("Plain notes");
    expect(page.markdown).toContain("Second line.");
  });

  it("refuses a file behind an extension-less URL", async () => {
    await expect(fetchPage(`${site.origin}/files/report`, opts)).rejects.toMatchObject({
      reason: "unsupported_content",
    });
  });
});

describe("YouTube video links", () => {
  it("saves title, duration and the English transcript when captions exist", async () => {
    const page = await fetchPage("https://www.youtube.com/watch?v=withcaps001", opts);
    expect(page).toMatchObject({ kind: "video", title: "How Sourdough Starters Work", warning: undefined });
    expect(page.markdown).toContain("## Transcript");
    expect(page.markdown).toContain("Today we feed the starter & watch it rise.");
    expect(page.markdown).not.toContain("Sauerteig");
    expect(videoDurationSeconds(page)).toBe(754);
    expect(exceedsVideoCap(page)).toBe(false);
  });

  it("warns empty_transcript when the video has no captions", async () => {
    const page = await fetchPage("https://youtu.be/nocaptions1", opts);
    expect(page.warning).toBe("empty_transcript");
    expect(page.title).toBe("Silent Timelapse of a Garden");
    expect(page.markdown).not.toContain("## Transcript");
  });

  it("knows a video longer than 60 minutes exceeds the cap", async () => {
    const page = await fetchPage("https://www.youtube.com/watch?v=longvideo01", opts);
    expect(videoDurationSeconds(page)).toBe(7205);
    expect(exceedsVideoCap(page)).toBe(true);
    expect(exceedsVideoCap(page, 180)).toBe(false);
  });
});

describe("fetchPageMetadata", () => {
  it("answers title and description from the start of the page", async () => {
    await expect(fetchPageMetadata(`${site.origin}/huge`, opts)).resolves.toEqual({
      title: "A Huge Page",
      description: "Far too big to read in full.",
    });
  });
  it("fails for a server error", async () => {
    await expect(fetchPageMetadata(`${site.origin}/error`, opts)).rejects.toBeInstanceOf(FetchError);
  });
});

describe("fetchLinkWithFallback (blocked or errored links)", () => {
  it("answers the full page when it can", async () => {
    const outcome = await fetchLinkWithFallback(`${site.origin}/articles/astronomy`, opts);
    expect("page" in outcome && outcome.page.markdown).toContain("astronomy-marker-phrase");
  });

  it("falls back to title and description with empty content when the full fetch fails", async () => {
    const outcome = await fetchLinkWithFallback(`${site.origin}/huge`, opts);
    expect(outcome).toMatchObject({
      page: {
        title: "A Huge Page",
        description: "Far too big to read in full.",
        markdown: "",
        meta: { fallback: true, failure: "too_large" },
      },
    });
  });

  it.each([
    ["a server error", (s: FixtureSite) => `${s.origin}/error`, "http_status"],
    ["a page that never answers", (s: FixtureSite) => `${s.origin}/slow`, "timeout"],
    ["a private address", () => "https://10.0.0.1/", "blocked_address"],
  ])("reports the inline error for %s", async (_name, makeUrl, reason) => {
    const outcome = await fetchLinkWithFallback(makeUrl(site), { ...opts, timeoutMs: 400 });
    expect(outcome).toEqual({ error: linkMessages.webpageNotResponding, reason });
  });

  it("refuses the fixture itself when the allow-list is empty", async () => {
    const before = site.stats.connections;
    const outcome = await fetchLinkWithFallback(`${site.origin}/articles/sourdough`, {
      ...opts,
      allowHosts: [],
    });
    expect(outcome).toEqual({
      error: "Webpage not responding. Use the chrome extension to save it.",
      reason: "blocked_address",
    });
    expect(site.stats.connections).toBe(before);
  });
});

describe("a page's preview image is kept only when it passes the address rules", () => {
  it.each([
    ["https://10.0.0.1/x.png"],
    ["https://192.168.1.1/x.png"],
    ["https://[::7f00:1]/x.png"],
    ["https://localhost/x.png"],
    ["http://images.example.com/x.png"],
    ["javascript:alert(1)"],
  ])("drops og:image %s", async (src) => {
    const page = await fetchPage(`${site.origin}/og-image?src=${encodeURIComponent(src)}`, opts);
    expect(page.title).toBe("Thumbnail test");
    expect(page.ogImage).toBeUndefined();
  });

  it("keeps an https image on a public host, drops one whose name resolves to a local address", async () => {
    const publicHost: FetchPageOptions = {
      ...opts,
      resolve: async () => [{ address: "93.184.216.34", family: 4 }],
    };
    const localHost: FetchPageOptions = {
      ...opts,
      resolve: async () => [{ address: "192.168.0.10", family: 4 }],
    };
    const src = "https://images.example.com/x.png";
    expect(await safeImageUrl(src, publicHost)).toBe(src);
    expect(await safeImageUrl(src, localHost)).toBeUndefined();
  });
});
