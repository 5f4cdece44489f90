import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sampleContent } from "@mnemo/contracts/constants";

/** The bundled welcome items and their upload: spec 3 §3 (Sample item) and §9 (eight, six). */
const publicSamples = path.join(import.meta.dirname, "../../../../public/samples");
const read = (name: string) => fs.readFileSync(path.join(publicSamples, name));

const request = vi.fn();
vi.mock("@/lib/api", () => ({ api: { request }, errorMessage: (e: unknown) => String(e) }));
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

  it("adds them once: six into the sample collection and two onto the wall, all on the card", async () => {
    request.mockImplementation(async (url: string, opts?: { method?: string }) => {
      if (url === "/api/user/welcome_items") return { claimed: true };
      if (url === "/api/collection" && !opts?.method)
        return { collections: [{ collection_id: "c-1", collection_name: "This is a collection" }] };
      throw new Error(`unexpected ${url}`);
    });
    expect(await addWelcomeItems()).toBe(8);
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

    // Another tab (or a second finish) finds them claimed and adds nothing.
    addSamples.mockClear();
    request.mockImplementation(async () => ({ claimed: false }));
    expect(await addWelcomeItems()).toBe(0);
    expect(addSamples).not.toHaveBeenCalled();
  });
});
