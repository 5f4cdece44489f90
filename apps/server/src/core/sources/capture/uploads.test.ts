import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { queryRows } from "../../../platform/db/client.ts";
import {
  b64,
  confirm,
  presign,
  putBody,
  uploadText,
  waitIndexed,
  type Presigned,
} from "../../ingest/test/helpers.ts";

const article = `# Tidal energy

Tidal stream generators turn the kinetic energy of moving water into electricity. The Severn estuary
has one of the largest tidal ranges in the world, which is why barrage schemes keep returning.

## Costs

Turbines in salt water corrode; maintenance dominates the lifetime cost of a tidal array.`;

describe.each(testDatabases())("uploads (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind, { UPLOAD_LIMIT_MB: "1" });
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 60_000);
  afterAll(async () => m?.close());

  it("takes a text file through presign, PUT, confirm to success with searchable chunks", async () => {
    const id = await uploadText(m, alice, "tidal.md", article);
    const [row] = await waitIndexed(m, alice, [{ id, type: "file" }]);
    expect(row).toMatchObject({ id, indexing_status: "success", type: "file" });
    const chunks = await queryRows<{ text: string; owner_id: string }>(
      m.ctx.database.db,
      sql`select text, owner_id from chunk where source_id = ${id} order by ord`,
    );
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.owner_id === alice.id)).toBe(true);
    const hits = await m.ctx.search.search(
      m.ctx.database.db,
      { actorId: alice.id, actorEmail: alice.email },
      "Severn estuary barrage",
      5,
    );
    expect(hits[0]?.sourceId).toBe(id);
  });

  it("ends an empty file errored as empty, and keeps the spec's wording for a damaged upload (issue 43)", async () => {
    const empty = await uploadText(m, alice, "blank.txt", "");
    const damaged = await uploadText(m, alice, "broken.pdf", "%PDF-1.4\nnot a PDF body\n%%EOF\n");
    const rows = await waitIndexed(m, alice, [
      { id: empty, type: "file" },
      { id: damaged, type: "file" },
    ]);
    expect(rows.map((r) => [r.indexing_status, r.error])).toEqual([
      ["errored", "This file is empty."],
      ["errored", "Something went wrong. Retry uploading the document."],
    ]);
  });

  it("refuses a second upload of the same content with the spec's message", async () => {
    await uploadText(m, alice, "first.txt", "Exactly the same words, twice uploaded.");
    const res = await presign(m, alice, "second.txt", 39);
    const p = (await res.json()) as Presigned;
    await putBody(m, p.presigned_url, "Exactly the same words, twice uploaded.", "second.txt");
    const c = await confirm(m, alice, p.file_id);
    expect(c.status).toBe(409);
    expect(await c.json()).toMatchObject({
      message: "Memory already exists. Duplicate uploads are not allowed.",
    });
  });

  it("answers each bad file with its spec message", async () => {
    const badType = await presign(m, alice, "movie.exe", 10, "file", "exe");
    expect(badType.status).toBe(400);
    // The spec's message names the refused file (issue 41).
    expect((await badType.json()).message).toBe("Upload failed, invalid file type: movie.exe.");
    const noType = await presign(m, alice, "README", 10, "file", "application/x-unknown");
    expect((await noType.json()).message).toBe("Upload failed, invalid file type: README.");
    const accented = await presign(m, alice, "résumé.pdf", 10);
    expect(accented.status).toBe(400);
    expect((await accented.json()).message).toBe(
      "Failed to upload résumé.pdf. Filename contains invalid ASCII characters.",
    );
  });

  it("refuses a PUT with a bad or expired signature (403) and an oversized one (413)", async () => {
    const p = (await (await presign(m, alice, "notes.txt", 5)).json()) as Presigned;
    const tampered = p.presigned_url.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await putBody(m, tampered, "hello", "notes.txt")).status).toBe(403);
    const otherKey = p.presigned_url.replace(p.file_id, "00000000-0000-4000-8000-000000000000");
    expect((await putBody(m, otherKey, "hello", "notes.txt")).status).toBe(403);
    const expired = p.presigned_url.replace(/expires=\d+/, "expires=1000");
    expect((await putBody(m, expired, "hello", "notes.txt")).status).toBe(403);
    // Bigger than the size the URL was signed for.
    expect(
      (await putBody(m, p.presigned_url, "hello, this is far more than five bytes", "notes.txt")).status,
    ).toBe(413);
    // Bigger than UPLOAD_LIMIT_MB (1 MB here) is refused before a URL is even issued.
    const huge = await presign(m, alice, "huge.txt", 2 * 1024 * 1024);
    expect(huge.status).toBe(400);
  });

  it("refuses a streamed body past the cap even without a content-length", async () => {
    const p = (await (await presign(m, alice, "stream.txt", 8)).json()) as Presigned;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode("0123456789"));
        c.close();
      },
    });
    const res = await m.app.request(p.presigned_url, { method: "PUT", body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect((await confirm(m, alice, p.file_id)).status).toBe(400);
  });

  it("keeps one user's uploads away from another", async () => {
    const id = await uploadText(m, alice, "private.txt", "Alice's private plans for the garden shed.");
    expect((await confirm(m, bob, id)).status).toBe(404);
    const v = await m.request("POST", "/api/upload/verify_indexing", {
      as: bob,
      json: [{ id, type: "file" }],
    });
    expect(v.status).toBe(404);
    const pm = await m.request("GET", `/api/upload/proactive_memory?source_id=${id}`, { as: bob });
    expect(pm.status).toBe(404);
    const reuse = await m.request("POST", "/api/upload/get_presigned_url", {
      as: bob,
      json: {
        fileType: "txt",
        file_id: id,
        metadata: { name_base64: b64("x.txt"), type: "text/plain", size: 3, source_type: "file" },
      },
    });
    expect(reuse.status).toBe(404);
    expect(
      (await m.request("POST", "/api/upload/verify_indexing", { json: [{ id, type: "file" }] })).status,
    ).toBe(401);
  });

  it("ends an unreadable file errored with the spec's message", async () => {
    const p = (await (await presign(m, alice, "binary.txt", 6)).json()) as Presigned;
    await putBody(m, p.presigned_url, new Uint8Array([0, 1, 2, 0, 0xff, 0xfe]), "binary.txt");
    expect((await confirm(m, alice, p.file_id)).status).toBe(200);
    const [row] = await waitIndexed(m, alice, [{ id: p.file_id, type: "file" }]);
    expect(row).toMatchObject({
      indexing_status: "errored",
      error: "Something went wrong. Retry uploading the document.",
    });
  });
});
