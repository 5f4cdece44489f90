import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { queryRows } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { putBody, waitIndexed, type Presigned } from "../../core/ingest/test/helpers.ts";
import { excalidrawDoc, presignCanvas, saveCanvas } from "./test-helpers.ts";

const png = new Uint8Array(readFileSync(new URL("../../test/fixtures/files/ocr-text.png", import.meta.url)));

describe.each(testDatabases())("canvas (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 60_000);
  afterAll(async () => m?.close());

  const getCanvas = (as: TestUser, id: string) => m.request("GET", `/api/canvas/${id}`, { as });

  it("saves a canvas with its screenshot; its words are searchable and it loads back", async () => {
    const doc = excalidrawDoc("Quokka migration plan", "Budget review");
    const res = await saveCanvas(m, alice, doc, { screenshot: png });
    expect(res.status).toBe(200);
    const { id, content_version } = (await res.json()) as { id: string; content_version: number };
    const [row] = await waitIndexed(m, alice, [{ id, type: "canvas" }]);
    expect(row.indexing_status).toBe("success");

    const hits = await m.ctx.search.search(
      m.ctx.database.db,
      { actorId: alice.id, actorEmail: alice.email },
      "quokka migration",
      5,
    );
    expect(hits[0]?.sourceId).toBe(id);

    const canvas = await getCanvas(alice, id);
    expect(canvas.status).toBe(200);
    const body = (await canvas.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id, title: "Board", content_version, editable: true });
    expect(body.description).toBe("Quokka migration plan Budget review");
    const stored = await m.request("GET", body.document_url as string);
    expect(await stored.text()).toBe(doc);

    const list = await m.request("GET", "/api/sources?tab=canvas", { as: alice });
    const listed = (await list.json()) as {
      results: { id: string; title: string; thumbnail_url: string | null }[];
    };
    expect(listed.results.map((r) => r.id)).toEqual([id]);
    // The wall and pickers show the canvas's title, never its stored file's ".txt" (issue 41).
    expect(listed.results[0].title).toBe("Board");
    expect(listed.results[0].thumbnail_url).toBeTruthy();
    expect((await getCanvas(bob, id)).status).toBe(404);
  });

  it("keeps the later of two saves: a save from an older version is a conflict, never a silent overwrite", async () => {
    const first = (await (await saveCanvas(m, alice, excalidrawDoc("Version one"))).json()) as {
      id: string;
      content_version: number;
    };
    const tabA = await saveCanvas(m, alice, excalidrawDoc("Tab A words"), {
      fileId: first.id,
      baseVersion: first.content_version,
    });
    expect(tabA.status).toBe(200);
    const tabB = await saveCanvas(m, alice, excalidrawDoc("Tab B words"), {
      fileId: first.id,
      baseVersion: first.content_version,
    });
    expect(tabB.status).toBe(409);
    const refused = (await tabB.json()) as { message: string; details: { current_version: number } };
    expect(refused.message).toBe("Failed to save canvas: it was changed in another tab or window");
    expect(refused.details.current_version).toBe(first.content_version + 1);

    const canvas = (await (await getCanvas(alice, first.id)).json()) as { document_url: string };
    expect(await (await m.request("GET", canvas.document_url)).text()).toContain("Tab A words");
    // Only the current document is kept in the store.
    const blobs = await queryRows<{ kind: string }>(
      m.ctx.database.db,
      sql`select kind from blob where source_id = ${first.id}`,
    );
    expect(blobs.map((b) => b.kind)).toEqual(["canvas"]);
  });

  it("saves a new canvas into the collection it was made in, only one the user may add to", async () => {
    const made = await m.request("PUT", "/api/collection", {
      as: alice,
      json: { collection_name: `Harbour plans ${kind}` },
    });
    const { collection_id } = (await made.json()) as { collection_id: string };
    const res = await saveCanvas(m, alice, excalidrawDoc("Quay crane sketch"), {
      collections: [collection_id],
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const inCollection = async () =>
      JSON.stringify(
        await (await m.request("GET", `/api/collection/${collection_id}/sources`, { as: alice })).json(),
      );
    expect(await inCollection()).toContain(id);
    // Someone without write access cannot put a canvas into it; nothing is saved.
    const refused = await saveCanvas(m, bob, excalidrawDoc("Intruder"), { collections: [collection_id] });
    expect(refused.status).toBe(404);
    const bobs = (await (await m.request("GET", "/api/sources?tab=canvas", { as: bob })).json()) as {
      results: unknown[];
    };
    expect(bobs.results).toEqual([]);
  });

  it("refuses a canvas over the size limit with the save message", async () => {
    const res = await presignCanvas(m, alice, "canvas", 11 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("Failed to save canvas: the canvas is larger than 10 MB");
  });

  it("lets nobody else save into a canvas, and refuses a confirm without an uploaded document", async () => {
    const { id } = (await (await saveCanvas(m, alice, excalidrawDoc("Private board"))).json()) as {
      id: string;
    };
    expect((await presignCanvas(m, bob, "canvas", 10, id)).status).toBe(404);
    const noDoc = await m.request("POST", "/api/upload/confirm_upload", {
      as: alice,
      json: { file_id: id, file_type: "canvas", canvas_key: `${alice.id}/${id}/canvas-missing` },
    });
    expect(noDoc.status).toBe(400);
    expect((await noDoc.json()).message).toBe("Failed to save canvas: failed to verify upload");
  });

  it("ends a corrupt canvas document errored, while its document still loads for the editor to report", async () => {
    const p = (await (await presignCanvas(m, alice, "canvas", 9)).json()) as Presigned;
    await putBody(m, p.presigned_url, "{not json", "Board.txt");
    const res = await m.request("POST", "/api/upload/confirm_upload", {
      as: alice,
      json: { file_id: p.file_id, file_type: "canvas", canvas_key: p.file_key },
    });
    expect(res.status).toBe(200);
    const [row] = await waitIndexed(m, alice, [{ id: p.file_id, type: "canvas" }]);
    expect(row.indexing_status).toBe("errored");
    expect((await getCanvas(alice, p.file_id)).status).toBe(200);
  });

  it("describes a canvas from its text elements when no language model is configured", async () => {
    const { id } = (await (
      await saveCanvas(m, alice, excalidrawDoc("Harbour", "Lighthouse keeper"))
    ).json()) as {
      id: string;
    };
    await waitIndexed(m, alice, [{ id, type: "canvas" }]);
    const res = await m.request("POST", "/api/canvas/description", { as: alice, json: { file_id: id } });
    expect(await res.json()).toEqual({ id, description: "Harbour Lighthouse keeper", generated_by: "text" });
    expect(
      (await m.request("POST", "/api/canvas/description", { as: bob, json: { file_id: id } })).status,
    ).toBe(404);
    const missing = await getCanvas(alice, "no-such-canvas");
    expect((await missing.json()).message).toBe("Canvas not found. Please check if the canvas exists.");
  });
});
