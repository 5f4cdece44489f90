import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sampleContent } from "@mnemo/contracts/constants";

/** The bundled welcome items and their upload: spec 3 §3 (Sample item) and §9 (eight, six). */
const publicSamples = path.join(import.meta.dirname, "../../../../public/samples");
const read = (name: string) => fs.readFileSync(path.join(publicSamples, name));

const request = vi.fn();
/** The API as the scripted `request(url, { method, body })`: each endpoint call by its URL. */
vi.mock("@/lib/api", async () => {
  const { apiPath } = await import("@mnemo/contracts");
  const call = (e: Parameters<typeof apiPath>[0], input?: { body?: unknown }) =>
    request(apiPath(e, input as never), {
      method: e.method === "get" ? undefined : e.method.toUpperCase(),
      body: input?.body,
    });
  return { api: { request: call }, errorMessage: (e: unknown) => String(e) };
});
const addSamples = vi.fn(async () => undefined);
vi.mock("@/features/upload", () => ({ addSamples }));

const { zSampleManifest } = await import("./samples");
const { addWelcomeItems } = await import("./welcome");

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal("fetch", async (url: string) => {
    const name = url.replace(/^\/samples\//, "");
    return new Response(read(name), {
      status: 200,
      headers: { "content-type": name.endsWith(".png") ? "image/png" : "text/plain" },
    });
  });
});

describe("welcome items", () => {
  it("ships eight of the spec's kinds, six for the collection, every file bundled", () => {
    const manifest = zSampleManifest.parse(JSON.parse(read("welcome.json").toString()));
    expect(manifest.collectionName).toBe(sampleContent.collectionName);
    expect(manifest.items).toHaveLength(sampleContent.welcomeItems.total);
    expect(manifest.items.filter((i) => i.addToCollection)).toHaveLength(
      sampleContent.welcomeItems.addedToCollection,
    );
    for (const item of manifest.items) {
      expect(sampleContent.itemTypes).toContain(item.type);
      expect(read(item.filename).length).toBeGreaterThan(100);
      if (item.type === "webpage") expect(item.url).toMatch(/^https:\/\//);
    }
    // None repeats a recommendation's link (the server refuses a second memory of one link).
    const recommended = JSON.parse(read("samples.json").toString()) as { items: { url: string | null }[] };
    const links = manifest.items.map((i) => i.url).filter(Boolean);
    for (const r of recommended.items) expect(links).not.toContain(r.url);
  });

  it("adds what the server hands out: six into the sample collection and two onto the wall, all on the card", async () => {
    const manifest = zSampleManifest.parse(JSON.parse(read("welcome.json").toString()));
    const sentRefs: unknown[] = [];
    request.mockImplementation(
      async (url: string, opts?: { method?: string; body?: { items: unknown[] } }) => {
        if (url === "/api/user/welcome_items") {
          sentRefs.push(...opts!.body!.items);
          return { add: manifest.items.map((i) => i.filename) };
        }
        if (url === "/api/user/welcome_items/finish") return { success: true };
        if (url === "/api/collection" && !opts?.method)
          return { collections: [{ collection_id: "c-1", collection_name: "This is a collection" }] };
        throw new Error(`unexpected ${url}`);
      },
    );
    expect(await addWelcomeItems()).toEqual({ sent: 8 });
    // The server is told how to recognise each one: a page by title, a web page by link, an image by name.
    expect(sentRefs).toContainEqual({
      key: "welcome/method-of-loci.md",
      type: "webpage",
      title: "The method of loci: a palace of memories",
      url: "https://en.wikipedia.org/wiki/Method_of_loci",
    });
    const calls = addSamples.mock.calls as unknown as [
      { kind: string; title?: string; file?: File }[],
      string | undefined,
      { toCard?: boolean },
    ][];
    const grouped = calls.find((c) => c[1] === "c-1")!;
    const loose = calls.find((c) => c[1] === undefined)!;
    expect(grouped[0]).toHaveLength(6);
    expect(loose[0]).toHaveLength(2);
    expect(calls.every((c) => c[2].toCard)).toBe(true);
    const kinds = [...grouped[0], ...loose[0]].map((s) => s.kind).sort();
    expect(kinds).toEqual(["file", "file", "link", "link", "link", "page", "page", "page"]);
    const image = grouped[0].find((s) => s.kind === "file")!.file!;
    expect(image.type).toBe("image/png");
    expect(image.name).toMatch(/^welcome-.*\.png$/);
    // Finished only after every upload settled.
    expect(request.mock.calls.at(-1)![0]).toBe("/api/user/welcome_items/finish");

    // Another tab (or a second finish) is handed nothing and adds nothing.
    addSamples.mockClear();
    request.mockImplementation(async () => ({ add: [] }));
    expect(await addWelcomeItems()).toEqual({ sent: 0 });
    expect(addSamples).not.toHaveBeenCalled();
  });

  it("resumes with only the items a closed tab left unadded, or waits for the tab still adding them", async () => {
    const finished = vi.fn();
    request.mockImplementation(async (url: string, opts?: { method?: string; body?: { mode: string } }) => {
      if (url === "/api/user/welcome_items") {
        expect(opts!.body!.mode).toBe("resume");
        return { add: ["welcome/asking-your-memories.md", "welcome/welcome-ask-with-sources.png"] };
      }
      if (url === "/api/user/welcome_items/finish") return finished();
      if (url === "/api/collection" && !opts?.method)
        return { collections: [{ collection_id: "c-1", collection_name: "This is a collection" }] };
      throw new Error(`unexpected ${url}`);
    });
    finished.mockReturnValue({ success: true });
    expect(await addWelcomeItems("resume")).toEqual({ sent: 2 });
    const calls = addSamples.mock.calls as unknown as [
      { kind: string; title?: string }[],
      string | undefined,
    ][];
    expect(calls.find((c) => c[1] === undefined)![0].map((s) => s.title)).toEqual(["Asking your memories"]);
    expect(calls.find((c) => c[1] === "c-1")![0].map((s) => s.kind)).toEqual(["file"]);
    expect(finished).toHaveBeenCalledTimes(1);

    addSamples.mockClear();
    request.mockImplementation(async () => ({ add: [], retry_after_ms: 45_000 }));
    expect(await addWelcomeItems("resume")).toEqual({ sent: 0, retryAfterMs: 45_000 });
    expect(addSamples).not.toHaveBeenCalled();
  });
});
